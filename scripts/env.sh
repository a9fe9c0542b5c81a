# Sourced by the scripts: puts a Swift toolchain in /opt/swift on PATH when none is there.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# private_tmpdir NAME: points TMPDIR at a new directory of this run's, removed when the script
# exits, so that what the tests and the libraries they load leave in the temporary directory
# (libpulse's pulse-* runtime directories among it) goes with it.
private_tmpdir() {
    TMPDIR=$(mktemp -d "/tmp/$1.XXXXXX")
    export TMPDIR
    trap 'rm -rf "$TMPDIR"' EXIT
}
