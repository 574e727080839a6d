#!/bin/sh
# Regenerates the small zstd fixtures from synthetic-session.jsonl (needs the zstd CLI).
# Layout mimics DSH: frame 1 = header line only, then one frame per append batch.
set -eu
cd "$(dirname "$0")"
src=synthetic-session.jsonl
tmp=$(mktemp -d)
head -n 1 "$src" > "$tmp/b0"
sed -n '2,12p' "$src" > "$tmp/b1"
sed -n '13,25p' "$src" > "$tmp/b2"
sed -n '26,32p' "$src" > "$tmp/b3"
for b in b0 b1 b2 b3; do zstd -q -c --check "$tmp/$b" > "$tmp/$b.zst"; done
# A skippable frame (magic 0x184D2A5A, 4 payload bytes) between batches 1 and 2: readers must skip it.
printf '\132\052\115\030\004\000\000\000SKIP' > "$tmp/skip.zst"
cat "$tmp/b0.zst" "$tmp/b1.zst" "$tmp/skip.zst" "$tmp/b2.zst" "$tmp/b3.zst" > multi-frame.jsonl.zstd
# Torn: the last frame loses its final 30 bytes (writer died mid-append).
head_len=$(( $(wc -c < multi-frame.jsonl.zstd) - 30 ))
head -c "$head_len" multi-frame.jsonl.zstd > torn-frame.jsonl.zstd
# Bad checksum: flip the last byte of frame 3 (its stored XXH64 checksum).
cat "$tmp/b0.zst" "$tmp/b1.zst" > "$tmp/pre"
cp "$tmp/b2.zst" "$tmp/b2bad"
n=$(wc -c < "$tmp/b2bad")
last=$(tail -c 1 "$tmp/b2bad" | od -An -tu1 | tr -d ' ')
head -c $((n - 1)) "$tmp/b2bad" > "$tmp/b2x"
printf "$(printf '\\%03o' $(( (last + 1) % 256 )))" >> "$tmp/b2x"
cat "$tmp/pre" "$tmp/b2x" "$tmp/b3.zst" > bad-checksum.jsonl.zstd
# Not a frame: garbage bytes after the first two frames.
cat "$tmp/pre" > garbage-frame.jsonl.zstd
printf 'this is not zstd at all\n' >> garbage-frame.jsonl.zstd
rm -r "$tmp"
