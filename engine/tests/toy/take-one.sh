#!/bin/sh
# A toy bot that plays by the rules: it takes one every turn.
while read -r n; do echo 1; done
