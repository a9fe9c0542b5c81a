# Sourced by the scripts: puts a Swift toolchain in /opt/swift on PATH when none is there.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
