#!/bin/sh
# A toy bot with a bug: it takes four, which the rules do not allow.
while read -r n; do echo 4; done
