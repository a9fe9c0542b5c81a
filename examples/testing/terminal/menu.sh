#!/bin/sh
# What a screen reader says in the curses menu, walked by its keys, against its snapshot.
# `--update menu.expected` in place of `--expect` rewrites it after a deliberate change.
set -e
cd "$(dirname "$0")"
announce term --keys menu.keys --expect menu.expected -- python3 menu.py
