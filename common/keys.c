/* The key grammar of keyed streams: the kinds, the parser and the writers
 * (keys.h). */
#include "keys.h"
#include "hash.h"
#include "partition.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct dk_keykind dk_keykinds[] = {
	[DK_KEY_NONE] = { DK_KEY_NONE, 0, "spotsig", "a signature stream",
	    DK_PAIRS_NONE, DK_KEY_NONE },
	[DK_KEY_PART] = { DK_KEY_PART, 'P', "partition", "a partition stream",
	    DK_PAIRS_GROUP, DK_KEY_PART },
	[DK_KEY_BAND] = { DK_KEY_BAND, 'B', "minhash", "a minhash band stream",
	    DK_PAIRS_VERIFY, DK_KEY_BAND },
	[DK_KEY_FPRINT] = { DK_KEY_FPRINT, 'F', "imatch", "an imatch fingerprint stream",
	    DK_PAIRS_SHARE, DK_KEY_FPRINT },
	[DK_KEY_REJECT] = { DK_KEY_REJECT, 'R', "imatch", "an imatch fingerprint stream",
	    DK_PAIRS_NONE, DK_KEY_FPRINT },
};

static int
digits(const char *p, const char *end)
{
	if (p >= end)
		return 0;
	for (; p < end; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

static int
lowhex(const char *p, size_t n)
{
	for (; n > 0; n--, p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return 0;
	return 1;
}

/* 1 + the value of a lower-case hexadecimal digit, 0 for anything else. */
static const unsigned char hex1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7,
	['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13,
	['d'] = 14, ['e'] = 15, ['f'] = 16,
};

/* The number of hashes in "<hash>,<hash>...", 0 when p..end is not such a
 * list of 1 to DK_KEY_MAXBANDS. */
#define DK_KEY_MAXBANDS 1000
static unsigned
hashlist(const char *p, const char *end)
{
	size_t n = (size_t)(end - p), i;
	int j, ok = 1;

	if ((n + 1) % 17 != 0 || (n + 1) / 17 > DK_KEY_MAXBANDS)
		return 0;
	for (i = 0; i < n; i += 17) {
		for (j = 0; j < 16; j++)
			ok &= hex1[(unsigned char)p[i + (size_t)j]] != 0;
		if (i + 16 < n && p[i + 16] != ',')
			return 0;
	}
	return ok ? (unsigned)((n + 1) / 17) : 0;
}

/* A decimal of p..end, capped at cap (a value that large is bad anyway). */
static uint64_t
number(const char *p, const char *end, uint64_t cap)
{
	uint64_t n = 0;

	for (; p < end && n < cap; p++)
		n = n * 10 + (uint64_t)(*p - '0');
	return n < cap ? n : cap;
}

/* The end of the <par> that starts at p (a '/'), p itself when there is
 * none, or NULL when it is malformed.  Numbers have no leading zero, so
 * that a banding has one <par>. */
static const char *
bandpar(const char *p, const char *end)
{
	static const char names[] = "kls";
	const char *q;
	int i;

	if (p == end || *p != '/')
		return p;
	p++;
	for (i = 0; i < 3; i++) {
		if (p == end || *p++ != names[i])
			return NULL;
		for (q = p; q < end && *q >= '0' && *q <= '9'; q++)
			;
		if (q == p || q - p > 19 || (*p == '0' && q - p > 1))
			return NULL;
		p = q;
	}
	if (p < end && *p == 'w')
		p++;
	return p;
}

/* The end of a run of decimal digits at p without a leading zero, or
 * NULL when there is none. */
static const char *
decimal(const char *p, const char *end)
{
	const char *q;

	for (q = p; q < end && *q >= '0' && *q <= '9'; q++)
		;
	return q == p || q - p > 19 || (*p == '0' && q - p > 1) ? NULL : q;
}

/* Whether p..end (from its '/') is an imatch <ipar>:
 * "/l" <16 hex> ["p" FRAC "s" SEED] "m" MIN ["x"] ["k"] ["q"]. */
static int
fprintpar(const char *p, const char *end)
{
	const char *q;

	if (end - p < 19 || p[1] != 'l' || !lowhex(p + 2, 16))
		return 0;
	p += 18;
	if (p < end && *p == 'p') {
		for (q = ++p; q < end && ((*q >= '0' && *q <= '9') || *q == '.' ||
		    *q == 'e' || *q == '-' || *q == '+'); q++)
			;
		if (q == p || q - p > 24 || q == end || *q != 's' ||
		    (p = decimal(q + 1, end)) == NULL)
			return 0;
	}
	if (p == end || *p != 'm' || (p = decimal(p + 1, end)) == NULL)
		return 0;
	if (p < end && *p == 'x')
		p++;
	if (p < end && *p == 'k')
		p++;
	if (p < end && *p == 'q')
		p++;
	return p == end;
}

/* Whether key (B..., its ':' at colon) is B<band><par>:<hash> or
 * B<par>:<hash>,...; if so, its band, bands and <par> in k. */
static int
band_key(dk_str key, const char *colon, dk_keyinfo *k)
{
	const char *sl = memchr(key.p, '/', (size_t)(colon - key.p)), *d = sl ? sl : colon;
	const char *e = key.p + key.n;

	unsigned n;

	if (bandpar(d, colon) != colon)
		return 0;
	if (d == key.p + 1) {
		if ((n = hashlist(colon + 1, e)) == 0)
			return 0;
	} else if (digits(key.p + 1, d) && e - colon - 1 == 16 && lowhex(colon + 1, 16)) {
		n = 1;
		k->num = number(key.p + 1, d, 100000);
	} else
		return 0;
	k->nband = n;
	k->par = (dk_str){ (char *)d, (size_t)(colon - d) };
	return 1;
}

/* Where a partition key's <size> starts: at its 's', else at its <tag>
 * (<tau> and <rho> hold no 's'). */
static const char *
size_start(const dk_keyinfo *k)
{
	const char *s = memchr(k->head.p, 's', (size_t)(k->tag.p - k->head.p));

	return s ? s : k->tag.p;
}

/* Where a partition key's <tau> ends: at its <rho>'s 'r', else where its
 * <size> starts. */
static const char *
tau_end(const dk_keyinfo *k)
{
	const char *s = size_start(k), *r = memchr(k->head.p, 'r', (size_t)(s - k->head.p));

	return r ? r : s;
}

double
dk_key_tau(const dk_keyinfo *k)
{
	char num[64], *end;
	size_t n;
	double tau;

	if (k->key != DK_KEY_PART)
		return 0;
	n = (size_t)(tau_end(k) - k->head.p - 1);
	if (n == 0 || n >= sizeof num)
		return 0;
	memcpy(num, k->head.p + 1, n);
	num[n] = '\0';
	tau = strtod(num, &end);
	return end == num || *end || !(tau > 0 && tau <= 1) ? 0 : tau;
}

unsigned long long
dk_key_rho(const dk_keyinfo *k)
{
	const char *p, *e;
	unsigned long long rho = 0;

	if (k->key != DK_KEY_PART)
		return 0;
	e = size_start(k);
	p = tau_end(k);
	if (p == e)
		return DK_RHO_DEFAULT;
	if (!digits(++p, e) || *p == '0' || e - p > 9)
		return 0;
	for (; p < e; p++)
		rho = rho * 10 + (unsigned long long)(*p - '0');
	return rho > DK_RHO_MAX || rho == DK_RHO_DEFAULT ? 0 : rho;
}

double
dk_key_size_ratio(const dk_keyinfo *k)
{
	const char *p = size_start(k);
	char num[64], again[64], *end;
	size_t n;
	double R;

	if (k->key != DK_KEY_PART)
		return -1;
	if (p == k->tag.p)
		return 0;
	n = (size_t)(k->tag.p - p - 1);
	if (n == 0 || n >= sizeof num)
		return -1;
	memcpy(num, p + 1, n);
	num[n] = '\0';
	R = strtod(num, &end);
	if (end == num || *end || !(R > 0 && R <= 1))
		return -1;
	/* one text a ratio, so that a stream's keys of one R share their head */
	dk_tau_format(again, sizeof again, R);
	return strcmp(again, num) == 0 ? R : -1;
}

int
dk_partkey_describe(const dk_keyinfo *k, char *buf, size_t size)
{
	char tag[32], t[32], r[32] = "", s[48] = "";
	unsigned long long rho = dk_key_rho(k);
	double tau = dk_key_tau(k), R = dk_key_size_ratio(k);
	int known = 0;

	if (k->tag.n < sizeof tag) {
		memcpy(tag, k->tag.p, k->tag.n);
		tag[k->tag.n] = '\0';
		known = dk_measure_tag_by(tag) != NULL;
	}
	if (!tau || !rho || !known || R < 0) {
		snprintf(buf, size, "'%.*s'", (int)k->head.n, k->head.p);
		return 0;
	}
	dk_tau_format(t, sizeof t, tau);
	if (rho != DK_RHO_DEFAULT)
		snprintf(r, sizeof r, " -r %llu", rho);
	if (R > 0) {
		memcpy(s, " --size-ratio ", 14);
		dk_tau_format(s + 14, sizeof s - 14, R);
	}
	snprintf(buf, size, "partition -t %s%s%s%s%s", t, *tag ? " " : "",
	    *tag ? dk_measure_tag_options(tag) : "", r, s);
	return 1;
}

enum dk_key
dk_key_parse(dk_str key, dk_keyinfo *out)
{
	const char *colon = memchr(key.p, ':', key.n), *e = key.p + key.n, *sl, *par;
	dk_keyinfo k = { DK_KEY_NONE, key, { NULL, 0 }, 0, 0, 0, { NULL, 0 } };

	if (key.n == 1 && key.p[0] == 'R')
		k.key = DK_KEY_REJECT;
	else if (key.n < 3 || !colon)
		;
	else if (key.p[0] == 'P' && digits(colon + 1, e)) {
		k.key = DK_KEY_PART;
		k.head.n = (size_t)(colon + 1 - key.p);
		k.num = number(colon + 1, e, UINT64_MAX / 10);
		sl = memchr(key.p, '/', (size_t)(colon - key.p));
		k.tag.p = (char *)(sl ? sl : colon);
		k.tag.n = (size_t)(colon - k.tag.p);
	} else if (key.p[0] == 'B' && band_key(key, colon, &k)) {
		k.key = DK_KEY_BAND;
		k.head.n = (size_t)(colon - key.p);
	} else if (key.p[0] == 'F' && (sl = memchr(key.p, '/', (size_t)(colon - key.p))) &&
	    (par = memchr(sl + 1, '/', (size_t)(colon - sl - 1)), 1) &&
	    digits(key.p + 1, sl) && digits(sl + 1, par ? par : colon) &&
	    (!par || fprintpar(par, colon)) && e - colon - 1 == 40 && lowhex(colon + 1, 40)) {
		k.key = DK_KEY_FPRINT;
		k.head.n = (size_t)(colon - key.p);
		k.num = number(key.p + 1, sl, 100000);
		k.nfp = (unsigned long)number(sl + 1, par ? par : colon, 100000);
		if (k.nfp >= 100000)
			k.nfp = 0;
		if (par)
			k.par = (dk_str){ (char *)par, (size_t)(colon - par) };
	}
	if (out)
		*out = k;
	return k.key;
}

dk_str
dk_key_scope(const dk_keyinfo *k, dk_str key, int probe)
{
	if (k->key == DK_KEY_PART)
		return probe ? key : (dk_str){ key.p, 0 };
	if (k->key == DK_KEY_NONE) {
		/* not a key of ours: up to ':', as the producers' keys are */
		const char *colon = memchr(key.p, ':', key.n);

		return colon ? (dk_str){ key.p, (size_t)(colon - key.p) } : key;
	}
	return k->head;
}

uint64_t
dk_key_bandhash(dk_str key, unsigned i)
{
	const char *p = (const char *)memchr(key.p, ':', key.n) + 1 + 17 * (size_t)i;
	uint64_t v = 0;
	int j;

	for (j = 0; j < 16; j++)
		v = v << 4 | (uint64_t)(hex1[(unsigned char)p[j]] - 1);
	return v;
}

uint64_t
dk_key_bandvalue(unsigned band, uint64_t hash)
{
	/* mixed, so that the top bits (what spotmatch keeps of a key) differ
	 * for hashes written by hand too; a bijection of the hash per band */
	return dk_mix64(hash ^ dk_mix64((uint64_t)band + 0x62616e64ULL));
}

void
dk_tau_format(char *buf, size_t size, double tau)
{
	int prec;

	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, size, "%.*g", prec, tau);
		if (strtod(buf, NULL) == tau)
			return;
	}
	snprintf(buf, size, "%.17g", tau);
}

void
dk_partkey_init(dk_partkey *pk, double tau, dk_measure m, unsigned long long rho,
    double R, size_t nparts)
{
	char t[32], r[32] = "", s[40] = "";
	size_t k;
	int w = 0;

	dk_tau_format(t, sizeof t, tau);
	/* containment without a size ratio has one partition, whatever -r */
	if (rho != DK_RHO_DEFAULT && (m != DK_M_CONTAIN || R > 0))
		snprintf(r, sizeof r, "r%llu", rho);
	if (R > 0) {
		s[0] = 's';
		dk_tau_format(s + 1, sizeof s - 1, R);
	}
	pk->n = (size_t)snprintf(pk->head, sizeof pk->head, "P%s%s%s%s:", t, r, s,
	    dk_measure_tag(m));
	for (k = nparts > 0 ? nparts - 1 : 0; k > 0; k /= 10)
		w++;
	pk->width = w > 5 ? w : 5;
}

void
dk_buf_partkey(dk_buf *b, const dk_partkey *pk, size_t part)
{
	char num[24];
	int i = (int)sizeof num;

	dk_buf_bytes(b, pk->head, pk->n);
	do
		num[--i] = (char)('0' + part % 10);
	while ((part /= 10) != 0 || (int)sizeof num - i < pk->width);
	dk_buf_bytes(b, num + i, sizeof num - (size_t)i);
}

void
dk_hex64(char *p, uint64_t v)
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 15; i >= 0; i--, v >>= 4)
		p[i] = hex[v & 15];
}

void
dk_bandpar_format(char *par, int k, int l, uint64_t seed, int weighted)
{
	snprintf(par, DK_BANDPAR_MAX, "/k%dl%ds%llu%s", k, l, (unsigned long long)seed,
	    weighted ? "w" : "");
}

void
dk_bandpar_describe(dk_str par, char *buf)
{
	char num[3][20];
	const char *p = par.p + 1, *e = par.p + par.n;
	size_t n;
	int i;

	if (par.n == 0) {
		snprintf(buf, DK_BANDPAR_MAX, "an unrecorded banding (an earlier minhash's, "
		    "or written by hand)");
		return;
	}
	for (i = 0; i < 3; i++) {
		for (n = 0, p++; p < e && *p >= '0' && *p <= '9' && n < sizeof num[i] - 1; p++)
			num[i][n++] = *p;
		num[i][n] = '\0';
	}
	snprintf(buf, DK_BANDPAR_MAX, "minhash -k %s -l %s -s %s%s", num[0], num[1], num[2],
	    p < e ? " -w" : "");
}

double
dk_bandpar_chance(dk_str par, double tau)
{
	const char *p = par.p + 1, *e = par.p + par.n;
	double v[2] = { 0, 0 };
	int i;

	if (par.n == 0)
		return -1;
	for (i = 0; i < 2; i++) {
		if (++p >= e || *p < '0' || *p > '9')
			return -1;
		for (; p < e && *p >= '0' && *p <= '9'; p++)
			v[i] = v[i] * 10 + (*p - '0');
	}
	return 1 - pow(1 - pow(tau, v[0]), v[1]);
}

void
dk_buf_bandkey(dk_buf *b, unsigned band, const char *par, uint64_t hash)
{
	char key[4] = { 'B', 0, 0, 0 };

	key[1] = (char)('0' + band / 100 % 10);
	key[2] = (char)('0' + band / 10 % 10);
	key[3] = (char)('0' + band % 10);
	dk_buf_bytes(b, key, sizeof key);
	dk_buf_str(b, par);
	dk_buf_reserve(b, 17);
	b->p[b->n++] = ':';
	dk_hex64(b->p + b->n, hash);
	b->n += 16;
}

void
dk_buf_bandkeys(dk_buf *b, const char *par, const uint64_t *hash, unsigned l)
{
	size_t np = strlen(par);
	char *p;
	unsigned i;

	dk_buf_reserve(b, 2 + np + 17 * (size_t)l);
	p = b->p + b->n;
	*p++ = 'B';
	if (np)
		memcpy(p, par, np);
	p += np;
	*p++ = ':';
	for (i = 0; i < l; i++, p += 16) {
		if (i > 0)
			*p++ = ',';
		dk_hex64(p, hash[i]);
	}
	b->n = (size_t)(p - b->p);
}

void
dk_fprintpar_format(char *par, const char lexhex[16], int nlex, double frac,
    uint64_t seed, size_t min, int extend, int kolcz, int noquoted)
{
	char p[64] = "";
	int n;

	/* -p and -s make the extra lexicons: nothing without them */
	if (nlex > 1) {
		p[0] = 'p';
		dk_tau_format(p + 1, 32, frac);
		n = (int)strlen(p);
		snprintf(p + n, sizeof p - (size_t)n, "s%llu", (unsigned long long)seed);
	}
	snprintf(par, DK_FPRINTPAR_MAX, "/l%.16s%sm%zu%s%s%s", lexhex, p, min,
	    extend ? "x" : "", kolcz ? "k" : "", noquoted ? "q" : "");
}

void
dk_fprintpar_describe(dk_str par, unsigned long nfp, char *buf)
{
	char lex[17], frac[32] = "", seed[24] = "", min[24] = "", kk[32] = "";
	const char *p, *e = par.p + par.n, *q;

	if (par.n == 0) {
		if (nfp > 1)
			snprintf(kk, sizeof kk, " of -K %lu", nfp - 1);
		snprintf(buf, DK_FPRINTPAR_MAX * 2, "unrecorded imatch settings%s (an "
		    "earlier imatch's, or written by hand)", kk);
		return;
	}
	/* a <par> dk_key_parse has taken: fields of bounded length */
	memcpy(lex, par.p + 2, 16);
	lex[16] = '\0';
	p = par.p + 18;
	if (*p == 'p') {
		for (q = ++p; *q != 's'; q++)
			;
		snprintf(frac, sizeof frac, "%.*s", (int)(q - p), p);
		for (p = ++q; *q >= '0' && *q <= '9'; q++)
			;
		snprintf(seed, sizeof seed, "%.*s", (int)(q - p), p);
		p = q;
	}
	for (q = ++p; q < e && *q >= '0' && *q <= '9'; q++)
		;
	snprintf(min, sizeof min, "%.*s", (int)(q - p), p);
	if (nfp > 1)
		snprintf(kk, sizeof kk, " -K %lu", nfp - 1);
	snprintf(buf, DK_FPRINTPAR_MAX * 2, "imatch%s%s%s%s%s -m %s%s%s%s with lexicon terms %s",
	    kk, *frac ? " -p " : "", frac, *seed ? " -s " : "", seed, min,
	    memchr(q, 'x', (size_t)(e - q)) ? " -x" : "",
	    memchr(q, 'k', (size_t)(e - q)) ? " -k" : "",
	    memchr(q, 'q', (size_t)(e - q)) ? " --quoted skip" : "", lex);
}

void
dk_buf_fprintkey(dk_buf *b, unsigned i, unsigned n, const char *par, const char sha1hex[40])
{
	char head[32 + DK_FPRINTPAR_MAX];
	int len = snprintf(head, sizeof head, "F%02u/%u%s:", i, n, par);

	dk_buf_bytes(b, head, (size_t)len);
	dk_buf_bytes(b, sha1hex, 40);
}

void
dk_buf_rejectkey(dk_buf *b)
{
	dk_buf_char(b, 'R');
}
