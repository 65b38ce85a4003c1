# The pseudo-language (qps), made from the template with every build: each line of a message
# that holds a letter is bracketed, its vowels doubled (a third longer, as German and Polish
# run) and every letter accented, so any English left on a surface stands out. Placeholders
# (%s, %1$s) and %% are kept as they are, or msgfmt --check refuses the catalog.
/[A-Za-z]/ {
s/%\([0-9]*\$\)\{0,1\}s/\x01\1\x02/g
s/%%/\x03/g
s/\([aeiouAEIOU]\)/\1\1/g
y/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/áƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŘŠŢÛṼŴẊÝŽ/
s/\x01\([0-9]*\$\)\{0,1\}\x02/%\1s/g
s/\x03/%%/g
s/^/[/
s/$/]/
}
