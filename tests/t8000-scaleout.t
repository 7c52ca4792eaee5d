#!/bin/sh
test_description='scale-out: the workflows sharded over GNU parallel hosts and as
Hadoop Streaming tasks give exactly the pairs and clusters of one machine'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
scaleout="sh $top/examples/scaleout.sh"
mapred="sh $top/examples/mapred.sh"

if parallel --version 2>/dev/null | grep -q '^GNU parallel'; then
	test_set_prereq PARALLEL
else
	say "GNU parallel is missing (Debian package parallel; make check installs it): its tests are skipped"
fi

# canon PAIRS: each pair with the smaller ID first, sorted
canon() {
	awk -F '\t' '($1 "") > ($2 "") { print $2 "\t" $1 "\t" $3; next } { print }' "$@" | sort
}



test_expect_success 'setup: the example pages and a synthetic collection' '
	mkdir pages &&
	cp "$top"/examples/pages/*.html pages/ &&
	(cd pages && htmlstrip *.html) >pages.docs &&
	(cd pages && dk_html_tsv *.html) >pages.html.tsv &&
	htmlstrip <pages.html.tsv >stream.docs &&
	test_cmp pages.docs stream.docs &&
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.4 --drop 0.05 --change 0.05 600 >synth.docs &&
	test $(wc -l <synth.docs) = 600 &&
	cut -f1 pages.docs >pages.ids &&
	cut -f1 synth.docs >synth.ids
'

# The single-machine runs: ref.COLL.METHOD (pairs, sorted) and
# ref.COLL.METHOD.clusters.  SpotSigs: ref.COLL.spotsigs holds the pairs
# spotmatch finds, ref.COLL.short the exact copies of short documents
# (dkdedup's), which ref.COLL.spotsigs.keyed (the pairs of one run, then
# those) and the clusters include.  The SpotSigs workflow of the scripts takes its
# IDF range and least shared signatures from examples/dupkit.defaults.
# No synthetic document is too short to judge: DK_DENSE 8 gives those
# with few spot signatures runs of DK_DENSE_WORDS (4) words enough (with
# runs of 24, two pairs of exact copies were short); t8100 has short
# exact copies across shards for scaleout.sh and mapred.sh.
. "$top/examples/dupkit.defaults"
test_expect_success 'setup: the single-machine pairs and clusters' '
	for c in pages synth; do
		case $c in pages) t=0.4 ;; synth) t=0.5 ;; esac
		spotsig $c.docs | dklexicon --idf 0.2:0.85 >$c.sigs &&
		spotsig --dense $DK_DENSE --dense-words $DK_DENSE_WORDS $c.docs |
			dklexicon --idf $DK_IDF --agree $DK_AGREE >$c.ssigs &&
		spotmatch -t $t --min-shared $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU $c.ssigs |
			sort >ref.$c.spotsigs &&
		spotsig --checksum --dense $DK_DENSE --dense-words $DK_DENSE_WORDS --idf $DK_IDF --agree $DK_AGREE -m $DK_MIN_SHARED $c.docs >$c.csigs &&
		dk_short_copies $c.csigs >ref.$c.short &&
		{ partition -t $t $c.ssigs | spotmatch --min-shared $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU &&
		  cat ref.$c.short; } >ref.$c.spotsigs.keyed &&
		minhash -t $t $c.sigs | spotmatch -t $t | sort >ref.$c.lsh &&
		dklexicon -w $c.docs >$c.wlex &&
		imatch -L $c.wlex -K 4 $c.docs | spotmatch | sort >ref.$c.imatch &&
		imatch -L $c.wlex -K 4 $c.docs | spotmatch -t 0.4 | sort >ref.$c.imatch4 &&
		for m in lsh imatch imatch4; do
			dkcluster -a $c.ids ref.$c.$m >ref.$c.$m.clusters || return 1
		done &&
		dkcluster -a $c.ids ref.$c.spotsigs ref.$c.short >ref.$c.spotsigs.clusters || return 1
	done &&
	test_must_be_empty ref.synth.short &&
	grep -q "	!chains :" synth.ssigs &&
	test $(wc -l <ref.pages.spotsigs) = 8 &&
	test $(wc -l <ref.synth.spotsigs) -gt 80 &&
	test $(wc -l <ref.synth.lsh) -gt 200 &&
	test $(wc -l <ref.synth.imatch) -gt 10 &&
	test $(wc -l <ref.synth.imatch4) -lt $(wc -l <ref.synth.imatch) &&
	partition -t 0.5 synth.sigs | cut -f1 | uniq | wc -l >nkeys &&
	test $(cat nkeys) -ge 4
'

# (on spot signatures alone, --dense 0: with word chains these 20 shards
# happen to give the same pairs either way)
test_expect_success 'per-shard partitions merged by key need --shard (20 shards show it)' '
	spotsig --dense 0 synth.docs | dklexicon --idf $DK_IDF --agree $DK_AGREE >s0.sigs &&
	spotmatch -t 0.5 --min-shared $DK_MIN_SHARED s0.sigs | sort >ref0 &&
	split -n l/20 -a 2 s0.sigs q. &&
	for f in q.??; do partition -t 0.5 $f || return 1; done |
		sort -s -k1,1 | spotmatch --min-shared $DK_MIN_SHARED | sort >noshard &&
	! test_cmp ref0 noshard >/dev/null &&
	for f in q.??; do partition --shard -t 0.5 $f || return 1; done |
		sort -s -k1,1 | spotmatch --min-shared $DK_MIN_SHARED | sort >shard &&
	test_cmp ref0 shard
'

# check COLL METHOD OUTDIR: the distributed result equals the single run
# (and the stages timed: spotsigs lists the copies left, a stage more)
check() {
	test_cmp ref.$1.$2 $3/pairs.tsv &&
	test_cmp ref.$1.$2.clusters $3/clusters.tsv &&
	case $2 in
	spotsigs) echo map lexicon keys shuffle match cluster contained ;;
	*) echo map lexicon keys shuffle match cluster ;;
	esac >stages.want &&
	cut -f1 $3/times.tsv | tr "\n" " " | sed "s/ \$/\n/" >stages &&
	test_cmp stages.want stages
}

test_expect_success PARALLEL 'local (-S :) SpotSigs on the pages: 3 shards, 2 key ranges' '
	$scaleout -C pages -n 3 -r 2 -t 0.4 spotsigs out.pages.spotsigs $(cd pages && ls) &&
	test_cmp ref.pages.spotsigs.keyed out.pages.spotsigs/pairs.tsv &&
	sort out.pages.spotsigs/pairs.tsv >sorted &&
	mv sorted out.pages.spotsigs/pairs.tsv &&
	check pages spotsigs out.pages.spotsigs &&
	ls out.pages.spotsigs/map1.* | wc -l >n && test $(cat n) = 3
'

test_expect_success PARALLEL 'local LSH and I-Match on the pages' '
	$scaleout -C pages -n 3 -r 2 -t 0.4 lsh out.pages.lsh $(cd pages && ls) &&
	check pages lsh out.pages.lsh &&
	$scaleout -C pages -n 3 -r 2 -K 4 imatch out.pages.imatch $(cd pages && ls) &&
	check pages imatch out.pages.imatch
'

# (the third key range, the longest documents, holds records but no pair)
test_expect_success PARALLEL 'local SpotSigs on the synthetic stream: pairs byte for byte those of one run' '
	$scaleout -d -n 5 -r 3 -t 0.5 spotsigs out.synth.spotsigs synth.docs &&
	test_cmp ref.synth.spotsigs.keyed out.synth.spotsigs/pairs.tsv &&
	test_cmp ref.synth.spotsigs.clusters out.synth.spotsigs/clusters.tsv &&
	ls out.synth.spotsigs/reduce.* | wc -l >n && test $(cat n) = 3 &&
	test -s out.synth.spotsigs/reduce.1 && test -s out.synth.spotsigs/reduce.2 &&
	test -s out.synth.spotsigs/key.1.3 && test_must_be_empty out.synth.spotsigs/reduce.3
'

test_expect_success PARALLEL 'local LSH on the synthetic stream; some pairs come from two key ranges' '
	$scaleout -d -n 5 -r 3 -t 0.5 lsh out.synth.lsh synth.docs &&
	check synth lsh out.synth.lsh &&
	sort out.synth.lsh/reduce.* | uniq -d >twice &&
	test -s twice
'

test_expect_success PARALLEL 'local I-Match: SIM added up over the key ranges, then the threshold' '
	$scaleout -d -n 5 -r 3 -K 4 imatch out.synth.imatch synth.docs &&
	check synth imatch out.synth.imatch &&
	cat out.synth.imatch/reduce.* | cut -f1,2 | sort | uniq -d >split &&
	test -s split &&
	$scaleout -d -n 4 -r 5 -K 4 -t 0.4 imatch out.synth.imatch4 synth.docs &&
	check synth imatch4 out.synth.imatch4
'

test_expect_success PARALLEL 'one shard and one key range give the same too' '
	$scaleout -d -n 1 -r 1 -t 0.5 spotsigs out.one synth.docs &&
	test_cmp ref.synth.spotsigs.keyed out.one/pairs.tsv
'

test_expect_success PARALLEL 'usage and missing input' '
	expect_error 2 "^usage: scaleout.sh" $scaleout nosuch out.x synth.docs &&
	expect_error 2 "^usage: scaleout.sh" $scaleout -n x spotsigs out.x synth.docs &&
	expect_error 2 "^usage: scaleout.sh" $scaleout spotsigs out.x &&
	test_must_fail $scaleout -d spotsigs out.x nosuch.docs 2>err &&
	grep nosuch err
'

test_expect_success 'without GNU parallel the script says so' '
	mkdir nopar &&
	for p in sh bash awk cat sort cut split seq mkdir rm mv date tail uniq xargs touch tr grep dirname; do
		ln -s "$(command -v $p)" nopar/$p || return 1
	done &&
	test_must_fail env PATH="$PWD/nopar:$DK_BIN" $scaleout -d spotsigs out.x synth.docs 2>err &&
	grep "GNU parallel is not installed (Debian: apt-get install parallel)" err
'

# The Hadoop Streaming contract: cat input | mapper | sort -k1,1 | reducer,
# and the same over 3 input splits and 2 reducers chosen by a key hash.
reducers() { # FILE: the sorted map output cut in two by a hash of the key
	awk -v c="$(printf "%s" "0123456789abcdefghijklmnopqrstuvwxyzP:./!" )" '{
		h = 0
		for (i = 1; i <= length($1); i++) h = (h * 31 + index(c, substr($1, i, 1))) % 1000003
		print > ("red." h % 2)
	}' "$1"
}
for m in spotsigs lsh imatch; do
	case $m in imatch) o="-K 4" ;; *) o="-t 0.5" ;; esac
	# spotsigs: merge orders the exact copies of short documents by -A
	# and writes the pairs of the containment pass that lists the copies
	# left to the file of -C
	case $m in spotsigs) mo="-A synth.ids -C left" ;; *) mo= ;; esac
	test_expect_success "Hadoop Streaming contract, $m" '
		cat synth.docs | $mapred lex-map $m -d | sort -k1,1 | $mapred lex-reduce $m >lex &&
		case $m in
		imatch) test_cmp synth.wlex lex ;;
		spotsigs) spotsig --dense $DK_DENSE --dense-words $DK_DENSE_WORDS synth.docs |
			dklexicon --lexicon --idf $DK_IDF --agree $DK_AGREE >want &&
			test_cmp want lex ;;
		*) spotsig synth.docs | dklexicon >want && test_cmp want lex ;;
		esac &&
		cat synth.docs | $mapred key-map $m -d $o -L lex | sort -k1,1 |
			$mapred match-reduce $m $o | $mapred merge $m $o $mo >pairs &&
		{ canon ref.synth.$m && if test $m = spotsigs; then cat ref.synth.short; fi; } >want &&
		test_cmp want pairs &&
		split -n l/3 synth.docs split. &&
		for f in split.*; do $mapred key-map $m -d $o -L lex <$f || return 1; done |
			sort -k1,1 >sorted &&
		rm -f red.* && reducers sorted &&
		test -s red.0 && test -s red.1 &&
		for r in red.0 red.1; do $mapred match-reduce $m $o <$r || return 1; done |
			$mapred merge $m $o $mo >pairs &&
		test_cmp want pairs &&
		dkcluster -a synth.ids pairs >clusters &&
		test_cmp ref.synth.$m.clusters clusters &&
		rm -f split.* red.*
	'
done

test_expect_success 'Hadoop Streaming contract on web pages (ID TAB HTML input)' '
	cat pages.html.tsv | $mapred lex-map spotsigs | sort -k1,1 | $mapred lex-reduce spotsigs >lex &&
	cat pages.html.tsv | $mapred key-map spotsigs -t 0.4 -L lex | sort -k1,1 |
		$mapred match-reduce spotsigs | $mapred merge spotsigs -C left >pairs &&
	canon ref.pages.spotsigs >want &&
	test_cmp want pairs
'

# Own words: two manual pages of one template, sin and cos, each naming
# its function and what it computes 3 times in its first 100 words, in
# the same places (t7400's dkdedup case), and sin with a sentence added.
# Every workflow pairs all three (LSH and I-Match at the IDF ranges given:
# the default ones keep too few words of 3 documents); by default
# (DK_OWN_WORDS) dkcluster reads the documents' text and keeps sin and cos
# apart, as dkdedup does; with -w 0 it clusters the IDs and cos goes too.
own_page() {
	printf "%s\t%s\n" "$1" "$2(3) Library Functions Manual $2(3)\\nNAME\\n$2 - compute the $3 of a number\\nSYNOPSIS\\ndouble $2(double v);\\nDESCRIPTION\\nThe $2 function returns the $3 of its argument. The argument is a number in radians. The result is a double. The function is thread safe. The value is exact to the last bit. The errors are reported in errno. The function is declared in the math header. The range is the whole real line. The precision is the same for all inputs.$4\\nRETURN VALUE\\nOn success, $2 returns the $3 of v."
}
test_expect_success 'setup: two pages of one template and an edited copy, as text and as web pages' '
	{ own_page sin sin sine "" && own_page cos cos cosine "" &&
	  own_page sin.ed sin sine " The speed is good."; } >own.docs &&
	cut -f1 own.docs >own.ids &&
	mkdir ownpages &&
	while IFS="	" read -r id text; do
		printf "<html><body><p>%s</p></body></html>\n" \
			"$(printf "%s" "$text" | sed "s,\\\\n,</p><p>,g")" >ownpages/$id.html || return 1
	done <own.docs &&
	(cd ownpages && dk_html_tsv sin.html cos.html sin.ed.html) >own.html.tsv &&
	(cd ownpages && htmlstrip sin.html cos.html sin.ed.html) >own.pages.docs &&
	printf "sin\ncos\n" >want.own && printf "sin\n" >want.own0 &&
	dkdedup tsv own.docs own.dd 2>err &&
	cut -f1 own.dd >got && test_cmp want.own got
'

test_expect_success PARALLEL 'scaleout.sh, own words: two pages of one template kept apart, joined with -w 0' '
	for w in spotsigs lsh imatch; do
		case $w in lsh) i="-i 0:1" ;; imatch) i="-i 0:0.1" ;; *) i= ;; esac
		$scaleout -d -n 2 $i $w so.own.$w own.docs &&
		test $(wc -l <so.own.$w/pairs.tsv) = 3 &&
		test_cmp want.own so.own.$w/keep.txt &&
		cut -f2 so.own.$w/clusters.tsv | uniq >got && test_cmp want.own got &&
		$scaleout -d -n 2 $i -w 0 $w so.own0.$w own.docs &&
		test_cmp want.own0 so.own0.$w/keep.txt &&
		$scaleout -C ownpages -n 2 $i $w so.ownp.$w sin.html cos.html sin.ed.html &&
		test $(wc -l <so.ownp.$w/pairs.tsv) = 3 &&
		printf "sin.html\ncos.html\n" >want && test_cmp want so.ownp.$w/keep.txt &&
		$scaleout -C ownpages -n 2 $i -w 0 $w so.ownp0.$w sin.html cos.html sin.ed.html &&
		echo sin.html >want && test_cmp want so.ownp0.$w/keep.txt || return 1
	done &&
	cat so.ownp.spotsigs/text.1 so.ownp.spotsigs/text.2 >got &&
	test_cmp own.pages.docs got &&
	! ls so.ownp0.spotsigs/text.* 2>/dev/null &&
	test_expect_code 2 $scaleout -d -w x spotsigs so.x own.docs 2>err &&
	grep "^ .* \[-K k\] \[-w k\] \[-J threads\]\$" err &&
	grep "^ *\[--prose | --no-contained\]\$" err
'

test_expect_success 'mapred.sh cluster, own words: two pages of one template kept apart, joined with -w 0' '
	for w in spotsigs lsh imatch; do
		case $w in lsh) i="-i 0:1" c= ;; imatch) i="-i 0:0.1" c= ;; *) i= c="-C own.left" ;; esac
		$mapred lex-map $w -d <own.docs | sort -k1,1 | $mapred lex-reduce $w $i >own.lex &&
		$mapred key-map $w -d $i -L own.lex <own.docs | sort -k1,1 | $mapred match-reduce $w $i |
			$mapred merge $w $i -A own.ids $c >own.pairs &&
		test $(wc -l <own.pairs) = 3 &&
		$mapred cluster $w -d own.pairs <own.docs >clusters &&
		dkcluster --own-words $DK_OWN_WORDS -a own.docs own.pairs >want &&
		test_cmp want clusters &&
		cut -f2 clusters | uniq >got && test_cmp want.own got &&
		$mapred cluster $w -d -w 0 own.pairs <own.docs >clusters &&
		dkcluster -a own.ids own.pairs >want &&
		test_cmp want clusters &&
		cut -f2 clusters | uniq >got && test_cmp want.own0 got || return 1
	done &&
	$mapred lex-map spotsigs <own.html.tsv | sort -k1,1 | $mapred lex-reduce spotsigs >own.lex &&
	$mapred key-map spotsigs -L own.lex <own.html.tsv | sort -k1,1 | $mapred match-reduce spotsigs |
		$mapred merge spotsigs -C own.left >own.pairs &&
	test $(wc -l <own.pairs) = 3 &&
	$mapred cluster spotsigs own.pairs <own.html.tsv | cut -f2 | uniq >got &&
	printf "sin.html\ncos.html\n" >want && test_cmp want got &&
	$mapred cluster spotsigs -w 0 own.pairs <own.html.tsv | cut -f2 | uniq >got &&
	echo sin.html >want && test_cmp want got &&
	test_expect_code 2 $mapred cluster spotsigs <own.docs 2>err &&
	grep "^       mapred.sh cluster spotsigs|lsh|imatch \[-d\] \[-t tau\] \[-w k\] \[-p file\] \[--prose\] pairs\$" err &&
	test_expect_code 2 $mapred cluster spotsigs -w x own.pairs <own.docs
'

# Two sshd on 127.0.0.1 with keys made here: the hosts dk1 and dk2 of an
# ssh configuration that parallel uses through PARALLEL_SSH.
sshdir=
ssh_setup() {
	test "$(id -u)" = 0 && ! command -v /usr/sbin/sshd >/dev/null && command -v apt-get >/dev/null &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
			openssh-server rsync >/dev/null 2>&1
	test -x /usr/sbin/sshd || { echo "no sshd (Debian package openssh-server)"; return 1; }
	command -v rsync >/dev/null || { echo "no rsync, which parallel --transferfile uses"; return 1; }
	command -v ssh-keygen >/dev/null || { echo "no ssh-keygen"; return 1; }
	sshdir=$(mktemp -d /tmp/dk-ssh.XXXXXX) || return 1
	ssh-keygen -q -t ed25519 -N "" -f "$sshdir/host" &&
	ssh-keygen -q -t ed25519 -N "" -f "$sshdir/user" &&
	cp "$sshdir/user.pub" "$sshdir/authorized_keys" || return 1
	test "$(id -u)" = 0 && mkdir -p /run/sshd
	_n=0
	for _h in dk1 dk2; do
		_ok=
		for _try in 1 2 3 4 5 6 7 8; do
			_port=$(awk -v s="$$$_try$_n" "BEGIN { srand(s); print 20000 + int(rand() * 40000) }")
			cat >"$sshdir/$_h.conf" <<-EOF
			Port $_port
			ListenAddress 127.0.0.1
			HostKey $sshdir/host
			AuthorizedKeysFile $sshdir/authorized_keys
			PidFile $sshdir/$_h.pid
			StrictModes no
			UsePAM no
			PasswordAuthentication no
			KbdInteractiveAuthentication no
			PermitRootLogin prohibit-password
			LogLevel INFO
			EOF
			if /usr/sbin/sshd -f "$sshdir/$_h.conf" -E "$sshdir/$_h.log" 2>/dev/null; then
				_ok=1
				break
			fi
		done
		test -n "$_ok" || { echo "sshd would not start: $(tail -n 1 "$sshdir/$_h.log")"; return 1; }
		_n=$((_n + 1))
		printf "Host %s\n  HostName 127.0.0.1\n  Port %s\n" $_h $_port >>"$sshdir/config"
	done
	cat >>"$sshdir/config" <<-EOF
	Host *
	  User $(id -un)
	  IdentityFile $sshdir/user
	  IdentitiesOnly yes
	  UserKnownHostsFile /dev/null
	  StrictHostKeyChecking no
	  BatchMode yes
	  LogLevel ERROR
	  ControlMaster auto
	  ControlPath $sshdir/cm-%h-%p
	  ControlPersist 120
	EOF
	for _h in dk1 dk2; do
		ssh -F "$sshdir/config" $_h true 2>"$sshdir/err" ||
			{ echo "ssh to $_h failed: $(cat "$sshdir/err")"; return 1; }
	done
}
ssh_teardown() {
	test -n "$sshdir" || return 0
	for _h in dk1 dk2; do
		ssh -F "$sshdir/config" -O exit $_h 2>/dev/null
		test -f "$sshdir/$_h.pid" && kill "$(cat "$sshdir/$_h.pid")"
	done
	rm -rf "$sshdir"
}

if test_have_prereq PARALLEL; then
	if ssh_setup >ssh-why 2>&1; then
		test_set_prereq SSH
		PARALLEL_SSH="ssh -F $sshdir/config"
		export PARALLEL_SSH
	else
		say "skipping the SSH tests: $(tail -n 1 ssh-why)"
	fi
fi

test_expect_success SSH 'over SSH to two sshd: SpotSigs on the pages, files sent and removed' '
	$scaleout -S dk1,dk2 -j 2 -B "$DK_BIN" -C pages -n 3 -r 2 -t 0.4 spotsigs out.ssh.pages \
		$(cd pages && ls) &&
	test_cmp ref.pages.spotsigs.keyed out.ssh.pages/pairs.tsv &&
	test_cmp ref.pages.spotsigs.clusters out.ssh.pages/clusters.tsv &&
	grep -l "Accepted publickey" "$sshdir"/dk1.log "$sshdir"/dk2.log >hosts &&
	test $(wc -l <hosts) = 2
'

test_expect_success SSH 'over SSH: SpotSigs, LSH and I-Match on the synthetic stream' '
	$scaleout -S dk1,dk2 -j 2 -B "$DK_BIN" -d -n 4 -r 3 -t 0.5 spotsigs out.ssh.spotsigs synth.docs &&
	test_cmp ref.synth.spotsigs.keyed out.ssh.spotsigs/pairs.tsv &&
	test_cmp ref.synth.spotsigs.clusters out.ssh.spotsigs/clusters.tsv &&
	$scaleout -S dk1,dk2 -j 2 -B "$DK_BIN" -d -n 4 -r 3 -t 0.5 lsh out.ssh.lsh synth.docs &&
	check synth lsh out.ssh.lsh &&
	$scaleout -S dk1,dk2 -j 2 -B "$DK_BIN" -d -n 4 -r 3 -K 4 imatch out.ssh.imatch synth.docs &&
	check synth imatch out.ssh.imatch
'

test_expect_success SSH 'this machine and a remote one together (-S :,dk2)' '
	$scaleout -S :,dk2 -j 1 -B "$DK_BIN" -C pages -n 4 -r 3 -t 0.4 spotsigs out.mix.pages \
		$(cd pages && ls) &&
	test_cmp ref.pages.spotsigs.keyed out.mix.pages/pairs.tsv &&
	$scaleout -S :,dk2 -j 1 -B "$DK_BIN" -d -n 4 -r 3 -t 0.5 lsh out.mix.lsh synth.docs &&
	check synth lsh out.mix.lsh &&
	ls pages/*.html | wc -l >n && test $(cat n) = 13
'

test_expect_success SSH 'over SSH, paths outside the directory are refused' '
	test_must_fail $scaleout -S dk1 -B "$DK_BIN" spotsigs out.x "$PWD/pages/blog-solar.html" 2>err &&
	grep "give paths below the directory" err &&
	test -f pages/blog-solar.html
'

ssh_teardown

test_done
