# Sourced by run.sh and test.sh: BUILD_DEPS and install_missing PKG... apt-get installs only
# the Debian packages dpkg does not list as installed (as root, or via sudo).
# Node and npm count by their commands, since Node may come from another
# packaging with npm bundled; npm fetches three.js for `ripkit view` and the
# test clients.
# What building ripkit needs (run.sh; python3 packs the Blender add-on); test.sh
# adds its own clients.
BUILD_DEPS=(cmake g++ make pkg-config python3 libassimp-dev libglm-dev nlohmann-json3-dev catch2
    liblhasa-dev libcli11-dev libpng-dev zlib1g-dev libbenchmark-dev libtinygltf-dev)

install_missing() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
    ((${#missing[@]})) || return 0
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "${0##*/}: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
