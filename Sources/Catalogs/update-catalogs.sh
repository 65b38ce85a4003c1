#!/bin/sh
# Rewrites sayline.pot from the words the sources give translated(), translatedIn(),
# translatedCount(), translatable(), translatableIn() and translatableCount(), then merges it
# into every LL.po: new messages arrive untranslated, changed ones fuzzy, for a translator to
# finish. The catalog test fails until every message of every LL.po is translated and current.
# Run from anywhere: Sources/Catalogs/update-catalogs.sh
set -eu
cd "$(dirname "$0")/../.."
list=$(mktemp)
trap 'rm -f "$list"' EXIT
grep -rlE 'translated|translatable' Sources/Core Sources/Terminal --include='*.swift' | LC_ALL=C sort > "$list"
# Swift's string literals read as C's for these calls: each takes literals only.
xgettext --language=C --from-code=UTF-8 --keyword= \
    --keyword=translated:1 --keyword=translatedIn:1c,2 --keyword=translatedCount:1,2 \
    --keyword=translatable:1 --keyword=translatableIn:1c,2 --keyword=translatableCount:1,2 \
    --add-comments=Translators: --sort-by-file --no-wrap --package-name=Sayline \
    -o Sources/Catalogs/sayline.pot -f "$list"
for catalog in Sources/Catalogs/*.po; do
    [ -e "$catalog" ] || continue
    msgmerge --quiet --update --backup=none --no-wrap "$catalog" Sources/Catalogs/sayline.pot
done
