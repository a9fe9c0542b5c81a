#!/bin/sh
# What a screen reader says for the delete dialog, walked by keys, against its snapshot.
# `--update` after a deliberate change rewrites dialog.expected; review it like code.
set -e
cd "$(dirname "$0")"
announce compose dialog.jsonl --hint-style keyboard --expect dialog.expected "$@"
