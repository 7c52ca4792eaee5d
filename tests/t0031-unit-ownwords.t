#!/bin/sh
exec "${DK_UNIT:-$(dirname "$0")/../build/unit}/ownwords"
