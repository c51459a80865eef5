# Shared by bin/hingesim and bin/test: install the Debian packages the build needs when missing.
# Sourced, not run. Prints the exact apt-get line and fails when it cannot install (not root).

# The -dev packages are for their headers (nothing is linked: hingesim opens the libraries when a
# command needs them, docs/architecture.md "Linking"), and bring the libraries themselves, which
# the tests open; poppler-glib's few declarations are in Sources/CPoppler, so only its library.
hingesim_packages=(pkg-config libharfbuzz-dev libunibreak-dev libhyphen-dev hyphen-en-us hyphen-de libfontconfig-dev libfribidi-dev fonts-inter fonts-dejavu-core fonts-noto-color-emoji libevdev-dev libpoppler-glib8 libpng-dev)

# Extra package names may be given (bin/test adds chromium for the browser tests).
hingesim_bootstrap() {
  local missing=()
  local p
  for p in "${hingesim_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "hingesim: missing system packages; install them with:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  echo "hingesim: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || return 1
  apt-get install -y -qq "${missing[@]}" >&2 || return 1
}
