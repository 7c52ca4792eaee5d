#!/bin/sh
# readme.sh ROOT: writes ROOT/README from the INFO line of each collection
# built under ROOT (see build.sh).
root=$1
{
	echo "Labelled collections for dupkit's safety measurements (issue 30),"
	echo "built by tests/bench/collections/build.sh; each NAME/ holds docs.tsv"
	echo "(ID TAB TEXT, TSV-escaped) and gold.tsv (ID TAB CLUSTER: the documents"
	echo "of one cluster are copies of one another; a unique document is a"
	echo "cluster of its own); copies = sum over clusters of size - 1.  The"
	echo "labelling rule of each is in the header of its script."
	echo "Tuning: copyright translations mail glibmm.  Held out (report only):"
	echo "edits gtkmm news."
	echo
	printf 'NAME\tDOCS\tCLUSTERS\tCOPIES\tKIND\tLABELS\n'
	for f in "$root"/*/INFO; do
		[ -f "$f" ] && cat "$f"
	done
} > "$root/README"
