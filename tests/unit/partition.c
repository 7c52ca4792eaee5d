/* Unit tests of common/partition: the table, lookups, probes, tau text,
 * and the partition keys of keys.h that record -r. */
#include "tap.h"
#include "keys.h"
#include "partition.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Every length maps to the partition whose range holds it, and the ranges
 * tile 1 .. infinity. */
static int
tiles(const dk_parts *t)
{
	uint64_t len;
	size_t k;

	for (k = 0; k + 1 < t->n; k++)
		if (dk_parts_upper(t, k) + 1 != t->p[k + 1])
			return 0;
	for (len = 1; len < 3000; len++) {
		k = dk_parts_find(t, len);
		if (len < t->p[k] || len > dk_parts_upper(t, k))
			return 0;
	}
	return t->p[0] == 1 && dk_parts_upper(t, t->n - 1) == UINT64_MAX;
}

/* A document that is not a probe can reach tau with no document of the
 * next partition: len / p(k+1), the largest ratio, is below the measure's
 * ratio at tau (tau itself for jaccard). */
static int
probes_sound(const dk_parts *t)
{
	size_t k;
	uint64_t len;

	for (k = 0; k + 1 < t->n; k++)
		for (len = t->p[k]; len < t->p[k + 1]; len++)
			if (!dk_parts_probe(t, k, len) &&
			    (double)len / (double)t->p[k + 1] >= t->ratio)
				return 0;
	return !dk_parts_probe(t, t->n - 1, t->p[t->n - 1]);
}

/* The head of a partition key written for tau, m, rho and a size ratio R,
 * read back. */
static dk_keyinfo
head_r(char *out, size_t size, double tau, dk_measure m, unsigned long long rho, double R)
{
	dk_partkey pk;
	dk_buf b = { 0 };
	dk_keyinfo k;

	dk_partkey_init(&pk, tau, m, rho, R, 3);
	dk_buf_partkey(&b, &pk, 2);
	snprintf(out, size, "%.*s", (int)b.n, b.p);
	dk_key_parse((dk_str){ out, strlen(out) }, &k);
	dk_buf_free(&b);
	return k;
}

static dk_keyinfo
head(char *out, size_t size, double tau, dk_measure m, unsigned long long rho)
{
	return head_r(out, size, tau, m, rho, 0);
}

/* -r travels in the key when it is not the default, and reads back. */
static void
keys_rho(void)
{
	char key[64], desc[128];
	dk_keyinfo k;

	k = head(key, sizeof key, 0.9, DK_M_JACCARD, DK_RHO_DEFAULT);
	tap_is_str(key, strlen(key), "P0.9:00002", "default -r: no <rho>");
	tap_ok(dk_key_rho(&k) == DK_RHO_DEFAULT && dk_key_tau(&k) == 0.9, "reads back 0.9, 1000");
	k = head(key, sizeof key, 0.9, DK_M_SET, 500);
	tap_is_str(key, strlen(key), "P0.9r500/set:00002", "-r 500 -M set");
	tap_ok(dk_key_rho(&k) == 500 && dk_key_tau(&k) == 0.9, "reads back 0.9, 500");
	dk_partkey_describe(&k, desc, sizeof desc);
	tap_is_str(desc, strlen(desc), "partition -t 0.9 -M set -r 500", "described as options");
	k = head(key, sizeof key, 0.5, DK_M_CONTAIN, 30);
	tap_is_str(key, strlen(key), "P0.5/contain:00002", "containment: no <rho>");
	dk_key_parse((dk_str){ "P0.9r0:00001", 12 }, &k);
	tap_ok(dk_key_rho(&k) == 0, "r0 is bad");
	dk_key_parse((dk_str){ "P0.9r1000:00001", 15 }, &k);
	tap_ok(dk_key_rho(&k) == 0, "r1000 is bad (the default is not written)");
	tap_ok(!dk_partkey_describe(&k, desc, sizeof desc), "a bad key is not described");
}

/* --size-ratio travels in the key as <size>, after <rho>; keys without
 * it read as before. */
static void
keys_size(void)
{
	static const char *const bad[] = { "P0.9s0.30:00001", "P0.9s1.5:00001", "P0.9s:00001",
		"P0.9s0:00001", "P0.9sx/set:00001" };
	char key[128], desc[160];
	dk_keyinfo k;
	size_t i;

	k = head_r(key, sizeof key, 0.7, DK_M_CONTAIN, DK_RHO_DEFAULT, 0.3);
	tap_is_str(key, strlen(key), "P0.7s0.3/contain:00002", "containment, --size-ratio 0.3");
	tap_ok(dk_key_size_ratio(&k) == 0.3 && dk_key_tau(&k) == 0.7 &&
	    dk_key_rho(&k) == DK_RHO_DEFAULT, "reads back 0.7, 0.3, the default -r");
	dk_partkey_describe(&k, desc, sizeof desc);
	tap_is_str(desc, strlen(desc), "partition -t 0.7 -M containment --size-ratio 0.3",
	    "described as options");
	k = head_r(key, sizeof key, 0.5, DK_M_CONTAIN, 30, 0.25);
	tap_is_str(key, strlen(key), "P0.5r30s0.25/contain:00002",
	    "containment with a size ratio records -r");
	tap_ok(dk_key_rho(&k) == 30 && dk_key_size_ratio(&k) == 0.25 && dk_key_tau(&k) == 0.5,
	    "reads back 0.5, 30, 0.25");
	dk_key_parse((dk_str){ "P0.9r500/set:00001", 18 }, &k);
	tap_ok(dk_key_size_ratio(&k) == 0 && dk_key_rho(&k) == 500, "an old key: no size ratio");
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		dk_key_parse((dk_str){ (char *)bad[i], strlen(bad[i]) }, &k);
		tap_ok(k.key == DK_KEY_PART && dk_key_size_ratio(&k) < 0 &&
		    !dk_partkey_describe(&k, desc, sizeof desc), "%s: bad <size>", bad[i]);
	}
}

int
main(void)
{
	static const double taus[] = { 0.05, 0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0 };
	dk_parts t;
	char buf[32];
	size_t i;

	tap_plan(16 + 11 + 3 * 9 + 9);
	dk_parts_init(&t, DK_M_JACCARD, 1.0, 0, 1000);
	tap_is_int((long long)t.n, 501, "tau 1.0: 501 partitions");
	tap_is_int((long long)t.p[500], 1001, "tau 1.0: last starts at 1001");
	tap_ok(!dk_parts_probe(&t, 3, 8), "tau 1.0: no probes");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_JACCARD, 0.9, 0, 1000);
	tap_is_int((long long)t.n, 41, "tau 0.9: 41 partitions");
	tap_is_int((long long)dk_parts_find(&t, 10), 4, "tau 0.9: length 10 in [9, 10]");
	tap_ok(dk_parts_probe(&t, 4, 10), "tau 0.9: 10 is a probe for [11, 13]");
	tap_ok(!dk_parts_probe(&t, 4, 9), "tau 0.9: 9 is not");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_JACCARD, 0.1, 0, 1000);
	tap_is_int((long long)t.n, 3, "tau 0.1: 3 partitions");
	tap_is_int((long long)t.p[2], 122, "tau 0.1: [1, 11], [12, 121], [122, inf)");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_JACCARD, 0.7, 0, 1000);
	tap_ok(t.p[1] == 3 && t.p[2] == 6 && t.p[3] == 10 && t.p[4] == 16 &&
	    t.p[5] == 24 && t.p[6] == 36, "tau 0.7: 1, 3, 6, 10, 16, 24, 36");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_CONTAIN, 0.8, 0, 1000);
	tap_ok(t.n == 1 && dk_parts_find(&t, 999999) == 0 && !dk_parts_probe(&t, 0, 5),
	    "containment: one partition, no probes");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_CONTAIN, 0.8, 0.7, 1000);
	tap_ok(t.ratio == 0.7 && t.p[1] == 3 && t.p[6] == 36 && tiles(&t) && probes_sound(&t),
	    "containment, --size-ratio 0.7: jaccard 0.7's partitions, probes sound");
	dk_parts_free(&t);
	dk_parts_init(&t, DK_M_JACCARD, 0.9, 0.5, 1000);
	tap_ok(t.ratio == 0.9 && t.n == 41, "jaccard 0.9, --size-ratio 0.5: the larger ratio");
	dk_parts_free(&t);
	for (i = 0; i < sizeof taus / sizeof *taus; i++) {
		dk_parts_init(&t, DK_M_JACCARD, taus[i], 0, 500);
		tap_ok(tiles(&t), "tau %g: ranges tile the lengths", taus[i]);
		tap_ok(probes_sound(&t), "tau %g: probes cover every reachable pair", taus[i]);
		dk_parts_free(&t);
		dk_parts_init(&t, DK_M_DICE, taus[i], 0, 500);
		tap_ok(tiles(&t) && probes_sound(&t) && t.ratio < taus[i],
		    "dice, tau %g: wider ranges tile the lengths, probes sound", taus[i]);
		dk_parts_free(&t);
	}
	dk_tau_format(buf, sizeof buf, 0.9);
	tap_is_str(buf, strlen(buf), "0.9", "tau text 0.9");
	dk_tau_format(buf, sizeof buf, 1.0);
	tap_is_str(buf, strlen(buf), "1", "tau text 1");
	dk_tau_format(buf, sizeof buf, 0.123456789);
	tap_is_str(buf, strlen(buf), "0.123456789", "tau text keeps every digit needed");
	keys_rho();
	keys_size();
	return tap_done(16 + 11 + 3 * 9 + 9);
}
