# Sourced by platform_check.sh and portable_build.sh: debian_archive LABEL prints the
# address of the Debian archive this machine's apt already uses, taken from its sources
# the way apt reads them ("Debian" for the main archive, "Debian-Security" for the
# security one, by the label of their Release files), so no script names a host and a
# machine behind its own mirror keeps using it. RIPKIT_DEBIAN_MIRROR and
# RIPKIT_DEBIAN_SECURITY, when set, are used instead.
debian_archive() {
    local label=$1 override uri
    case "$label" in
    Debian) override=${RIPKIT_DEBIAN_MIRROR:-} ;;
    Debian-Security) override=${RIPKIT_DEBIAN_SECURITY:-} ;;
    *) echo "debian_archive: Debian or Debian-Security, not '$label'" >&2; return 2 ;;
    esac
    if [ -n "$override" ]; then echo "${override%/}"; return 0; fi
    local query=(apt-get indextargets --format '$(LABEL) $(REPO_URI)')
    # The labels come from the downloaded Release files: none before the first update.
    uri=$("${query[@]}" 2>/dev/null | awk -v l="$label" '$1 == l { print $2; exit }')
    if [ -z "$uri" ]; then
        apt-get update -qq >/dev/null 2>&1 || true
        uri=$("${query[@]}" 2>/dev/null | awk -v l="$label" '$1 == l { print $2; exit }')
    fi
    if [ -z "$uri" ]; then
        echo "${0##*/}: apt's sources on this machine have no archive labelled $label;" \
            "set RIPKIT_DEBIAN_$([ "$label" = Debian ] && echo MIRROR || echo SECURITY) to its address" >&2
        return 1
    fi
    echo "${uri%/}"
}
