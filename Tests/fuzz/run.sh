#!/usr/bin/env bash
# Builds one libFuzzer harness over the core's sources and runs it.
#   Tests/fuzz/run.sh NAME SECONDS      NAME: commands, values, scenes, sessions or scripts
# Crashes are written to Tests/fuzz/crashes/NAME/; turn each into a unit test.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=${1:?usage: Tests/fuzz/run.sh NAME SECONDS}
seconds=${2:-60}
harness=Tests/fuzz/harnesses/$name.swift
[ -f "$harness" ] || { echo "no harness named $name (commands, values, scenes, sessions, scripts)" >&2; exit 64; }
build=.build/fuzz
mkdir -p "$build" "Tests/fuzz/crashes/$name"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "Tests/fuzz/corpus/$name/." "$work/"
# The core's layers are compiled here as one module with the harness: their imports of each
# other go, the sources are otherwise as they are.
sources=$work.sources
mkdir -p "$sources"
trap 'rm -rf "$work" "$sources"' EXIT
for layer in SaylineText SaylineControls SaylineSession SaylineScene SaylineAudit; do
    find "Sources/Core/$layer" -name '*.swift' | while read -r file; do
        sed '/^import Sayline/d' "$file" > "$sources/${layer}_$(basename "$file")"
    done
done
# The core's C: the phrasebook's thread-local slot is a function to link, not a header alone.
clang -c -O -fsanitize=fuzzer-no-link,address -I Sources/C/CPhrasebookSlot/include \
    Sources/C/CPhrasebookSlot/PhrasebookSlot.c -o "$build/PhrasebookSlot.o"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Fuzz$name -package-name Sayline \
    -I Sources/C/CoreMath/include -I Sources/C/CPhrasebookSlot/include \
    "$sources"/*.swift "$harness" "$build/PhrasebookSlot.o" \
    -o "$build/fuzz-$name"
# A backtracer left behind would hold the output pipe open after a crash.
SWIFT_BACKTRACE=enable=no "$build/fuzz-$name" "$work" "Tests/fuzz/corpus/$name" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 \
    -artifact_prefix="Tests/fuzz/crashes/$name/" -print_final_stats=1
