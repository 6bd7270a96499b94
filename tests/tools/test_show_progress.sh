#!/usr/bin/env bash
# tools/show_progress on synthetic make, ninja and apt-get output (not a terminal): one line per
# 10 % step, error lines shown as they come, warnings counted, every input line kept in the log.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
expect() {  # expect NAME EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf '%s: expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fails=$((fails + 1))
  fi
}

make_out=$'-- Configuring done\n[  3%] Building CXX object a.o\n[ 12%] Building CXX object b.o\n'
make_out+=$'x.cpp:1:2: warning: unused variable\n[ 15%] Building CXX object c.o\n'
make_out+=$'y.cpp:3:4: error: expected \';\'\ngmake[2]: *** [y.o] Error 1\n\e[32m[100%] Built target chaoskit_cli\n'
got=$(printf '%s' "$make_out" | "$top/tools/show_progress" "[3/4] building" "$tmp/make.log")
expect make "[3/4] building (3 %)
[3/4] building (12 %)
y.cpp:3:4: error: expected ';'
gmake[2]: *** [y.o] Error 1
[3/4] building (100 %)
[3/4] building: 1 warning line(s), see $tmp/make.log" "$got"
expect make-log "$(printf '%s' "$make_out")" "$(cat "$tmp/make.log")"

got=$(printf '[1/40] Building a\n[4/40] Building b\n[39/40] Building c\n[40/40] Linking chaoskit\n' |
      "$top/tools/show_progress" "[3/3] building" "$tmp/ninja.log")
expect ninja "[3/3] building (2 %)
[3/3] building (10 %)
[3/3] building (97 %)
[3/3] building (100 %)" "$got"

got=$(printf 'dlstatus:1:0:Retrieving\ndlstatus:2:55.5:Retrieving\npmstatus:cmake:9.09:Unpacking\npmstatus:g++:100:Installed\nE: Unable to locate package foo\n' |
      "$top/tools/show_progress" "[1/4] Debian packages" "$tmp/apt.log")
expect apt "[1/4] Debian packages, downloading (0 %)
[1/4] Debian packages, downloading (55 %)
[1/4] Debian packages, unpacking and setting up (9 %)
[1/4] Debian packages, unpacking and setting up (100 %)
E: Unable to locate package foo" "$got"

[ "$fails" -eq 0 ] && echo "show_progress: make, ninja and apt-get output shown as expected"
exit "$fails"
