# Sourced by run.sh and test.sh: compile through ccache when the machine has
# it (nothing is installed for it), so a new clone or another build tree gets
# the objects of unchanged sources from the cache instead of compiling them
# again. Paths under the checkout are hashed relative to it, so two clones
# share entries. Sets CACHE_FLAGS for cmake's configure step.
CACHE_FLAGS=()
if command -v ccache >/dev/null 2>&1; then
    export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$ROOT}
    export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
    CACHE_FLAGS=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
