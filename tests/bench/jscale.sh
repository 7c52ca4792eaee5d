#!/bin/sh
# spotmatch on every core: -j 1 against -j 2, and -j N for the N online
# CPUs when there are more than 2, on scalegen's WT10g-like collection of
# JSCALE_N documents (default 400000) at tau JSCALE_TAU (default 0.9).
# Each run's wall and CPU seconds (user + system, GNU time); the medians
# of JSCALE_ROUNDS rounds (default 5), the runs of a round alternated; the
# speedup of the wall time over -j 1.  With
#   DK_BASELINE   the bin directory of an earlier build
# each round runs both builds, alternated, and the ratio of the new wall
# time to the old is printed for each -j.  Every output must be
# byte-identical to the first.  The load average is printed before and
# after: on a shared machine the wall times mean little when it is above
# the number of CPUs.  With perf(1) there, each build and -j is also run
# JSCALE_PERF rounds (default 3; 0: none) under perf record, which counts
# the CPU time of each thread by sampling: the main thread's is the
# critical path (the serial work and its share of the parallel work),
# what the wall time would be on idle CPUs; the CPU time of -j 1 over it
# estimates the speedup whatever the load.  Then the matching's work and
# span as spotmatch -v -v notes them, at each -j and at -j JSCALE_SPAN
# (default 16, whatever the CPUs): the work of -j 1 over the span of -j N
# is the speedup of the matching N idle cores could give.  Prints
# figures; asserts nothing about time.  On the shared 2-core machine at load 4 to 5 the
# estimate was 1.80x for -j 2 against 0.92x before the reading, sorting
# and indexing ran on the threads, the wall times 1.46x against 1.03x;
# on the same machine quiet (load 0.3, 5 rounds) the wall times were
# 1.35x (the build of the day before 1.39x) and the estimate 1.30x: the
# load had made the estimate too high.  Then the partitions were matched
# side by side (a thread a group) and the records of a batch taken while
# the next is numbered; six runs of 5 or 7 rounds with DK_BASELINE the
# build before, the machine never quiet (load 1.6 to 3.3 from other
# work): -j 2 over -j 1 wall 1.92x, 1.77x, 1.63x, 1.32x, 1.07x, 0.96x
# (the build before, in the same runs, 1.40x, 1.39x, 1.31x, 1.10x, 0.96x,
# 1.02x); new/old -j 2 wall 0.78, 0.75, 0.76, 0.83, 0.92, 1.06; estimated
# 1.77x, 1.35x, 1.89x, 1.66x, 1.70x, 1.84x (before 1.41x, 1.19x, 1.43x,
# 1.19x, 1.18x, 1.72x); -j 1 new/old CPU 0.94 to 1.04.  By phase, the
# main thread's CPU at -j 2 (load about 2; -j 1 in brackets): reading
# 0.31-0.37 s (0.52-0.54), the process's 0.59-0.65 s, both threads busy;
# ordering 0.08 s (0.16); matching 0.20-0.29 s (0.37-0.53).  Quiet (load
# 0.9-1.2, JSCALE_PERF=0, DK_BASELINE the build before): -j 2 over -j 1
# wall 1.86x and 1.98x in two runs of 7 rounds (the build before 1.27x
# and 1.41x), 1.88x at 1,000,000 documents (3 rounds; before 1.50x);
# new/old -j 2 wall 0.71, 0.76 and 0.81; -j 1 CPU new/old 1.06, 1.07
# and 1.07.  Then the crew (threads without a group of their own taking
# the queries of the groups open), DK_BASELINE the build before, load
# 6.4 to 8.5, 5 rounds: -j 2 CPU new/old 1.04 (0.91 in another run at
# load 5), -j 1 1.02 (0.99); the matching's span at -j 2 0.397 s against
# 0.416 s, -j 1 work over it 1.97x (1.96x); at -j 16 0.084 s against
# 0.467 s: 9.32x against 1.75x.
#
# The keyed routes too (JSCALE_ROUTES, default "plain partition
# minhash"): the same collection made into a partition stream (partition
# -t TAU) and a minhash stream (minhash -t TAU) once, untimed, by this
# build, and spotmatch timed alone on each, -j 1 against -j 2 as above,
# each route's outputs byte-identical across -j and builds.  When the
# threads came to take a keyed record's key apart (its band values and
# SIGS hash too), to find its fields by memchr, to fetch the dictionary's
# entries ahead, and to make the band sketches and count the key groups'
# pairs, with DK_BASELINE the build before, 400,000 documents, 5 rounds
# (perf 3), the machine loaded 5.2 to 7.6 by other work (so the wall
# times say nothing): main thread CPU at -j 2, minhash 0.865 -> 0.817 s,
# partition 1.015 -> 0.914 s, plain 1.020 -> 0.991 s; all threads
# minhash 1.462 -> 1.378 s, partition 1.833 -> 1.723 s; estimated -j 2
# over -j 1, the old -j 1 the denominator of both: minhash 1.48x ->
# 1.56x, partition 1.39x -> 1.54x; new/old -j 2 CPU (GNU time) minhash
# 0.91, partition 0.93, plain 0.99.  Again with the keys held by thread
# (load 0.8 rising to 3.5): main thread at -j 2 minhash 0.875 -> 0.794 s,
# partition 1.063 -> 0.964 s, plain 0.982 -> 0.966 s; estimated over the
# old -j 1, minhash 1.50x -> 1.66x, partition 1.29x -> 1.43x; new/old -j
# 2 CPU minhash 0.94, partition 0.93, plain 0.99.  Peak RSS at -j 2
# (GNU time): minhash 180,712 -> 193,112 KB, partition 142,624 -> 152,132
# KB (the keys of two batches), plain 117,572 -> 116,508 KB; -j 1 as
# before.
# Then (issue 33) less of a keyed record on the main thread: minhash's
# per-document records (B<par>:...) no longer interning their IDs in
# keyed.c (a test missed the banding in the key) and checked for unique
# IDs in the set of strings seen as SCOPE TAB ID; the threads hashing
# each keyed record's ID so that the main thread fetches that check's
# memory 16 records ahead; batches read ahead from 512 records (fewer
# signatures missed by the first batches' numbering); the postings placed
# by top byte by the threads.  BENCH_TMP=/tmp/k2b DK_BASELINE=<the build
# before> JSCALE_PERF=0 JSCALE_ROUNDS=5 JSCALE_ROUTES="partition minhash",
# 400,000 documents, the machine loaded 7.6 to 8.2 by other work (the
# walls, 5 to 8 s for 2 s of CPU, say nothing): -j 1 CPU new/old
# partition 1.02, minhash 0.90; -j 2 CPU new/old partition 0.88, minhash
# 0.90; outputs identical.  Under perf (5 rounds alternated, load 8.1 to
# 8.3), the main thread's CPU at -j 2: partition 1.038 -> 0.925 s, minhash
# 0.872 -> 0.776 s; all threads at -j 1 partition 1.724 -> 1.783 s,
# minhash 1.547 -> 1.394 s; estimated -j 2 over -j 1, each build's own:
# partition 1.66x -> 1.93x, minhash 1.77x -> 1.80x (at such a load the
# estimate runs high, see above).
# The same merged, on the quiet machine (load 0.3 to 1.0), JSCALE_PERF=0
# JSCALE_ROUNDS=5, DK_BASELINE the build of 602de5e: -j 2 over -j 1 plain
# 1.65x -> 1.72x, partition 1.34x -> 1.46x, minhash 1.46x -> 1.61x; new/old
# -j 2 wall plain 0.99, partition 0.97, minhash 0.79; -j 1 CPU minhash
# 0.86, partition 1.05 (farm-bench --vs, 9 pairs: 1.00); the matching's
# span at -j 16 0.062 -> 0.050 s, -j 1 work over it 5.61x -> 6.20x.
# Then a keyed record's ID checked by the hash the reading threads made of
# it, not hashed again on the main thread, and the spreading of the
# postings in common/spread.c: BENCH_TMP=/tmp/dupkit-bench DK_BASELINE=<the
# build before> JSCALE_PERF=0 JSCALE_ROUNDS=5, load 1.4: -j 2 over -j 1
# plain 1.62x -> 1.80x, partition 1.34x -> 1.47x, minhash 1.67x -> 1.68x;
# new/old -j 2 wall 0.97, 0.94, 1.00; -j 1 plain CPU 1.07 in that run,
# 0.99 by farm-bench --vs (9 pairs).  Populating the pages the main
# thread is about to write from an idle thread (MADV_POPULATE_WRITE) cut
# its page faults by a third (minhash 47,700 -> 31,200 at -j 2) but not
# its time: -j 2 wall 0.98 (partition) and 0.97 (minhash) by farm-bench
# --vs, 9 pairs at load 1.6, so it was left out.
# Then two more were tried and left out (h-keyed5, at load 4 to 7, where
# the walls say nothing).  The reading's threads measured by their own
# CPU per batch: the main thread takes a batch (0.30 s in all on the
# minhash stream, 0.41 s on the partition one) while the others number
# the next; in a partition stream's short documents taking is slower
# than numbering, so the other thread waited 0.04 s (minhash) and 0.06
# to 0.09 s (partition) of the reading.  A ring of three batches, the one
# after the next read first and numbered by a thread left idle, brought
# that to -0.03..+0.03 s, but numbered by a dictionary two batches old it
# left more records with a miss to the main thread (partition 116,736 ->
# 151,552, minhash 52,224 -> 62,464), and needed batches two thirds as
# large to keep the peak (175.9 MiB against 149.7): -j 2 new/old
# farm-bench medians of 7, partition wall 0.97 CPU 0.98, minhash wall
# 1.00 CPU 1.04; main thread CPU (perf, 6 rounds) new/old 1.04 and 1.09.
# The threads sorting a record's known signatures and leaving its misses
# last (their numbers are above all the dictionary held), so that the
# main thread sorts only the misses: -j 2 new/old, 9 pairs, partition
# wall 0.96 CPU 1.02, minhash wall 1.00 CPU 0.98, within the noise.
# Then (h-keyed6) a partition record's lookup among its group's members
# by the ID hash the threads make, each record taken carrying the
# hashes of the IDs 16 and 8 records on, so that the main thread fetches
# those lookups' table slots and entries ahead.  perf record with dwarf
# call graphs at -j 2, 3 pairs alternated plus one, load 3.9 to 5.6:
# main-thread samples (999 Hz) inside part_record 282, 231, 239, 229 ->
# 189, 209, 206, 182, of them the member table's probing 98, 76, 89, 85
# -> 33, 35, 36, 28; the main thread's share of all threads' CPU (task-clock
# samples, 9 pairs, medians) 0.531 -> 0.526, its CPU new/old median 1.03
# (0.84 to 1.15: the load hides 40 ms).  farm-bench --vs, 9 pairs, the
# build before: -j 2 CPU 0.93, wall 0.96 (load 3.8 to 4.6); -j 1 CPU
# 0.98, wall 1.02 (load 4.3 to 4.6); peak -j 2 150.7 -> 151.8 MiB, -j 1
# 100.4 both; against the build with the split matcher CPU 1.02, wall
# 1.03 (load 5.1 to 5.7).  Left out (commit 77974d0): the 40 ms it takes
# off the main thread are within the noise of whole runs.
. "$(dirname "$0")/common.sh"
timed_bench spotmatch
n=${JSCALE_N:-400000}
tau=${JSCALE_TAU:-0.9}
rounds=${JSCALE_ROUNDS:-5}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
js="1 2"
test "$cores" -gt 2 && js="1 2 $cores"
t=$BENCH_TMP/jscale
rm -rf "$t"
mkdir -p "$t"
sigs=$(spots_sigs "$n") || exit 1
routes=${JSCALE_ROUTES:-plain partition minhash}
echo "input: $n documents, $(wc -c <"$sigs") bytes ($sigs); tau $tau; $cores CPUs; routes: $routes"
# input ROUTE: the stream spotmatch reads on ROUTE
input() {
	case $1 in
	plain) echo "$sigs" ;;
	*) echo "$t/$1.in" ;;
	esac
}
for route in $routes; do
	case $route in
	plain) ;;
	partition|minhash) "$DK_BIN/$route" -t "$tau" "$sigs" >"$t/$route.in" || exit 1 ;;
	*) echo "jscale.sh: no route $route" >&2; exit 1 ;;
	esac
done
echo "load before: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null)"

builds=new
test -n "${DK_BASELINE:-}" && builds="old new"
bindir() { if test "$1" = old; then echo "$DK_BASELINE"; else echo "$DK_BIN"; fi; }

# run ROUTE BUILD J: one run, its wall and CPU seconds appended to
# $t/ROUTE.BUILD.J.wall and .cpu; its output compared with the route's
# first run's
run() {
	t0=$(now)
	c=$(cpu_run "$(bindir "$2")/spotmatch" "$t/out" -j "$3" -t "$tau" "$(input "$1")") || exit 1
	t1=$(now)
	echo "$(elapsed "$t0" "$t1")" >>"$t/$1.$2.$3.wall"
	echo "$c" >>"$t/$1.$2.$3.cpu"
	if test -f "$t/$1.first"; then
		cmp -s "$t/$1.first" "$t/out" ||
			{ echo "jscale.sh: $1 $2 -j $3: the output differs" >&2; exit 1; }
	else
		mv "$t/out" "$t/$1.first"
	fi
}

r=1
while test "$r" -le "$rounds"; do
	for route in $routes; do
		for j in $js; do
			for b in $builds; do
				run "$route" "$b" "$j"
			done
		done
	done
	r=$((r + 1))
done
echo "load after: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null); outputs identical across -j$(
	for route in $routes; do printf ', %s %s pairs' "$route" "$(wc -l <"$t/$route.first")"; done)"

# crit ROUTE BUILD J: under perf record, the CPU seconds of all threads
# and of the main thread, appended to $t/ROUTE.BUILD.J.total and .main
crit() {
	perf record -q -F 4000 -s -o "$t/perf.data" "$(bindir "$2")/spotmatch" -j "$3" -t "$tau" \
	    "$(input "$1")" >/dev/null 2>&1 || return 1
	perf report -i "$t/perf.data" -n -s pid --stdio 2>/dev/null | grep -E '^ +[0-9]' |
	    awk -v f="$t/$1.$2.$3" '{ s += $2 } NR == 1 { m = $2 }
		END { printf "%.3f\n", s / 4000 >>(f ".total"); printf "%.3f\n", m / 4000 >>(f ".main") }'
}
prounds=${JSCALE_PERF:-3}
command -v perf >/dev/null 2>&1 || prounds=0
r=1
while test "$r" -le "$prounds"; do
	for route in $routes; do
		for j in $js; do
			for b in $builds; do
				crit "$route" "$b" "$j" || { prounds=0; break 3; }
			done
		done
	done
	r=$((r + 1))
done

med() { median <"$t/$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
for route in $routes; do
	for b in $builds; do
		w1=$(med "$route.$b.1.wall")
		for j in $js; do
			w=$(med "$route.$b.$j.wall")
			line="$route $b -j $j: wall $w s, CPU $(med "$route.$b.$j.cpu") s (medians of $rounds)"
			test "$j" = 1 || line="$line, speedup $(ratio "$w1" "$w")x over -j 1"
			if test "$b" = new && test -n "${DK_BASELINE:-}"; then
				line="$line; new/old wall $(ratio "$w" "$(med "$route.old.$j.wall")"), CPU $(ratio "$(med "$route.new.$j.cpu")" "$(med "$route.old.$j.cpu")")"
			fi
			echo "$line"
		done
	done
done

# The span of the matching, whatever the load and the cores: spotmatch
# -v -v notes the CPU time of all the threads that matched (the work) and
# of the longest chain of work one of them had to do (the span); the
# work of -j 1 over the span of -j N is the speedup of the matching on N
# idle cores.  Each build (a build without the note is left out) at each
# -j and at -j JSCALE_SPAN (default 16), JSCALE_SPAN_ROUNDS rounds
# (default 3), medians.
spanj=${JSCALE_SPAN:-16}
srounds=${JSCALE_SPAN_ROUNDS:-3}
sjs=$js
case " $js " in *" $spanj "*) ;; *) sjs="$js $spanj" ;; esac
# spanrun BUILD J: the work and span appended to $t/BUILD.J.swork and .span
spanrun() {
	"$(bindir "$1")/spotmatch" -v -v -j "$2" -t "$tau" "$sigs" 2>&1 >/dev/null | tr '\r' '\n' |
	    sed -n 's/.*matching: work \([0-9.]*\) s CPU, span \([0-9.]*\) s.*/\1 \2/p' |
	    awk -v f="$t/$1.$2" '{ print $1 >>(f ".swork"); print $2 >>(f ".span") }'
}
r=1
while test "$r" -le "$srounds"; do
	for j in $sjs; do
		for b in $builds; do
			spanrun "$b" "$j"
		done
	done
	r=$((r + 1))
done
for b in $builds; do
	test -s "$t/$b.1.swork" || continue
	echo "matching span ($b, -v -v, medians of $srounds):"
	w1=$(med "$b.1.swork")
	for j in $sjs; do
		echo "  -j $j: work $(med "$b.$j.swork") s, span $(med "$b.$j.span") s," \
		    "-j 1 work over span $(ratio "$w1" "$(med "$b.$j.span")")x"
	done
done

test "$prounds" -gt 0 || exit 0
echo "critical path (main thread CPU, perf samples at 4000 Hz, medians of $prounds):"
for route in $routes; do
	for b in $builds; do
		c1=$(med "$route.$b.1.total")
		for j in $js; do
			echo "  $route $b -j $j: all threads $(med "$route.$b.$j.total") s, main thread" \
			    "$(med "$route.$b.$j.main") s, estimated speedup" \
			    "$(ratio "$c1" "$(med "$route.$b.$j.main")")x over -j 1"
		done
	done
done
