/* WARC records by their names (common/warc.h), read by the corpus
 * reader (common/pages.h: every record, whole), in two passes over the
 * file in memory: the first names every record and joins the records
 * concurrent with one another (WARC-Concurrent-To, either way, as one
 * capture), the second writes the records of the captures on the list,
 * and every warcinfo record, byte for byte.  In a .warc.gz the unit
 * written is the run of gzip members that holds whole records (one member
 * a record, as such files are written): a run whose records are all kept
 * is copied, one with none is left out, and only a run that mixes the two
 * has its kept records compressed afresh, one member each.  A record over
 * --max-record is skipped by the reader, which names it and tells which
 * members held it: a run ends where such members start, and a run that
 * shares a member with one is never copied, its kept records compressed
 * afresh, so that no byte of a skipped record is written. */
#include "keep.h"

#include <stdlib.h>
#include <strings.h>
#include <zlib.h>

struct rec {
	size_t unit, off, len;
	uint32_t name;         /* UINT32_MAX: none (no ID, URI or date) */
	unsigned char info;    /* a warcinfo record: always kept */
};

struct span {
	size_t from, to;       /* bytes of the file that held a skipped record */
};

enum { HELD_BY_ID = 1, HELD_BY_RESPONSE = 2 };

struct pass {
	struct keep *k;
	const char *file;
	int gz;
	DK_VEC(struct rec) recs;
	DK_VEC(struct span) skips;       /* in file order */
	dk_intern names;                 /* of records, and those they name */
	DK_VEC(uint32_t) parent;         /* captures: union-find by name */
	DK_VEC(size_t) at;               /* offset of the record holding it, + 1 */
	DK_VEC(unsigned char) held, keep;
	dk_buf buf;
};

static uint32_t
name_id(struct pass *w, const char *p, size_t n)
{
	int isnew;
	uint32_t t = dk_intern_id(&w->names, p, n, &isnew);

	if (isnew) {
		DK_PUSH(&w->parent, t);
		DK_PUSH(&w->at, 0);
		DK_PUSH(&w->held, 0);
		DK_PUSH(&w->keep, 0);
	}
	return t;
}

static uint32_t
root(struct pass *w, uint32_t t)
{
	while (w->parent.v[t] != t)
		t = w->parent.v[t] = w->parent.v[w->parent.v[t]];
	return t;
}

static void
unite(struct pass *w, uint32_t a, uint32_t b)
{
	a = root(w, a), b = root(w, b);
	if (a != b)
		w->parent.v[a > b ? a : b] = a < b ? a : b;
}

static int
is_type(dk_str s, const char *type)
{
	return s.n == strlen(type) && strncasecmp(s.p, type, s.n) == 0;
}

/* The record's name, refusing a repeated one: two records of one
 * WARC-Record-ID, or two responses named by one URI and date. */
static uint32_t
name_record(struct pass *w, dk_warc_rec *r, size_t where)
{
	unsigned char how;
	uint32_t t;
	int fallback;
	const char *why;

	if (r->id.n == 0 && (r->uri.n == 0 || r->date.n == 0))
		return UINT32_MAX;
	if ((why = dk_warc_name(r, &w->buf, &fallback)) != NULL)
		dk_diex(DK_EXIT_INPUT, "%s: offset %zu: %s", w->file, where, why);
	t = name_id(w, w->buf.p, w->buf.n);
	how = !fallback ? HELD_BY_ID : is_type(r->type, "response") ? HELD_BY_RESPONSE : 0;
	if ((w->held.v[t] & how) && !dk_allow_repeated_ids)
		dk_diex(DK_EXIT_INPUT, "%s: offset %zu: ID %.*s already at offset %zu "
		    "(see --allow-repeated-ids)", w->file, where, (int)w->buf.n, w->buf.p,
		    w->at.v[t] - 1);
	w->held.v[t] |= how;
	if (!w->at.v[t])
		w->at.v[t] = where + 1;
	return t;
}

static const char *
collect(dk_warc_rec *r, void *arg)
{
	struct pass *w = arg;
	struct rec e = { r->unit, r->off, r->len, UINT32_MAX, 0 };
	size_t where = w->gz ? r->unit : r->off, pos = 0;
	dk_str to;

	e.info = is_type(r->type, "warcinfo");
	if (!e.info && (e.name = name_record(w, r, where)) != UINT32_MAX)
		while (dk_warc_next_field(r, &pos, "WARC-Concurrent-To", &to)) {
			to = dk_warc_unbracket(to);
			unite(w, e.name, name_id(w, to.p, to.n));
		}
	DK_PUSH(&w->recs, e);
	return NULL;
}

static void
skip(size_t from, size_t to, void *arg)
{
	struct pass *w = arg;
	struct span s = { from, to };

	DK_PUSH(&w->skips, s);
}

/* A name held by a record of an earlier file is fatal (common/ids). */
static void
seen_before(struct pass *w, const char *p, size_t n, size_t where)
{
	dk_ids_add_at(&dk_input_ids, w->file, DK_AT_OFFSET, where, (dk_str){ (char *)p, 0 },
	    (dk_str){ (char *)p, n });
}

/* Marks the captures on the list and counts them in the keep's totals. */
static void
decide(struct pass *w)
{
	struct keep *k = w->k;
	unsigned char *counted = dk_calloc(dk_intern_count(&w->names) + 1, 1);
	const char *p;
	size_t i, n;
	uint32_t t;

	for (t = 0; t < dk_intern_count(&w->names); t++) {
		if (!w->at.v[t])
			continue;       /* only named by WARC-Concurrent-To */
		p = dk_intern_get(&w->names, t, &n);
		seen_before(w, p, n, w->at.v[t] - 1);
		if (keep_listed(k, p, n) != UINT32_MAX)
			w->keep.v[root(w, t)] = 1;
	}
	for (i = 0; i < w->recs.n; i++) {
		if (w->recs.v[i].info)
			continue;
		if ((t = w->recs.v[i].name) == UINT32_MAX) {
			k->n++;
			continue;
		}
		t = root(w, t);
		if (!counted[t]) {
			counted[t] = 1;
			k->n++;
			k->kept += w->keep.v[t];
		}
	}
	free(counted);
	if (k->n > 0)
		keep_nonempty(k);
}

static int
kept(struct pass *w, const struct rec *e)
{
	return e->info || (e->name != UINT32_MAX && w->keep.v[root(w, e->name)]);
}

/* p[0, n) as one gzip member on standard output. */
static void
put_member(const unsigned char *p, size_t n)
{
	z_stream z;
	size_t chunk;
	int rc;

	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		dk_diex(DK_EXIT_OPERAND, "zlib: out of memory");
	z.next_in = (unsigned char *)p;
	do {
		chunk = n - (size_t)((const unsigned char *)z.next_in - p);
		z.avail_in = (uInt)(chunk > (1u << 30) ? 1u << 30 : chunk);
		dk_buf_reserve(&dk_out, 256 * 1024);
		z.next_out = (unsigned char *)dk_out.p + dk_out.n;
		z.avail_out = (uInt)(dk_out.cap - dk_out.n > (1u << 30) ? 1u << 30 : dk_out.cap - dk_out.n);
		rc = deflate(&z, z.avail_in == chunk ? Z_FINISH : Z_NO_FLUSH);
		dk_out.n = (size_t)((char *)z.next_out - dk_out.p);
	} while (rc == Z_OK || rc == Z_BUF_ERROR);
	if (rc != Z_STREAM_END)
		dk_diex(DK_EXIT_OPERAND, "zlib: %s", z.msg ? z.msg : "deflate failed");
	deflateEnd(&z);
}

/* A run of gzip members [unit, end) whose records are recs[i, j); shared:
 * some of its members hold bytes of a skipped record too. */
static void
put_run(struct pass *w, const unsigned char *p, size_t unit, size_t end, size_t i, size_t j,
    int shared)
{
	size_t m, nkept = 0, pos, used, first = SIZE_MAX, need = 0, skip, d;
	const struct rec *e;

	for (m = i; m < j; m++)
		if (kept(w, e = &w->recs.v[m])) {
			nkept++;
			if (first == SIZE_MAX)
				first = e->off;
			need = e->off + e->len;
		}
	if (nkept == j - i && !shared) {
		dk_buf_bytes(&dk_out, p + unit, end - unit);
		return;
	}
	if (nkept == 0)
		return;
	/* The first pass read these members, record by record within the
	 * limit; here they are inflated together, from the first kept
	 * record (not the rest of a skipped one before it) to the end of
	 * the last (not into a skipped one after it). */
	for (w->buf.n = 0, skip = first, pos = unit; pos < end && skip + w->buf.n < need; pos += used) {
		if (dk_gunzip_from(p + pos, end - pos, skip, &d, &w->buf, &used, (size_t)-1 / 2) != NULL)
			dk_diex(DK_EXIT_INPUT, "%s: offset %zu: gzip member changed while read", w->file, pos);
		skip -= d;
	}
	if (skip != 0 || w->buf.n < need - first)
		dk_diex(DK_EXIT_INPUT, "%s: offset %zu: gzip member changed while read", w->file, unit);
	for (m = i; m < j; m++) {
		e = &w->recs.v[m];
		if (kept(w, e))
			put_member((unsigned char *)w->buf.p + e->off - first, e->len);
	}
}

/* A run's end: the next record's run, or the first members of a skipped
 * record after unit; and whether a skipped record shares its members. */
static size_t
run_end(struct pass *w, size_t unit, size_t next, size_t *s, int *shared)
{
	while (*s < w->skips.n && w->skips.v[*s].to <= unit)
		++*s;
	*shared = *s < w->skips.n && w->skips.v[*s].from <= unit;
	if (*s < w->skips.n && w->skips.v[*s].from > unit && w->skips.v[*s].from < next)
		return w->skips.v[*s].from;
	return next;
}

static void
write_kept(struct pass *w, const unsigned char *p, size_t n)
{
	size_t i, j, s = 0, end;
	const struct rec *e;
	int shared;

	for (i = 0; i < w->recs.n; i = j) {
		e = &w->recs.v[i];
		if (!w->gz) {
			if (kept(w, e))
				dk_buf_bytes(&dk_out, p + e->off, e->len);
			j = i + 1;
		} else {
			for (j = i + 1; j < w->recs.n && w->recs.v[j].unit == e->unit; j++)
				;
			end = run_end(w, e->unit, j < w->recs.n ? w->recs.v[j].unit : n, &s, &shared);
			put_run(w, p, e->unit, end, i, j, shared);
		}
		dk_out_maybe_flush();
	}
}

int
keep_warc(struct keep *k, const char *name, const unsigned char *p, size_t n)
{
	struct pass w = { 0 };
	dk_warc_reader r = { 0 };
	unsigned long long before = k->n, kept_before = k->kept;
	int status;

	w.k = k;
	w.file = name;
	w.gz = dk_is_gzip(p, n);
	dk_intern_init(&w.names, DK_INTERN_INDEX);
	r.fn = collect;
	r.skip = skip;
	r.arg = &w;
	status = dk_pages_records(&r, name, &(dk_file){ (unsigned char *)p, n, DK_FILE_BORROWED });
	k->skipped += r.toolong;
	if (status == DK_EXIT_OPERAND)
		status = 0;     /* records over --max-record: k->skipped, dk_skips in main */
	decide(&w);
	write_kept(&w, p, n);
	dk_out_flush();         /* the file done, whatever comes after */
	if (dk_verbose)
		dk_note("%s: %zu records, %llu captures, %llu kept", name, w.recs.n,
		    k->n - before, k->kept - kept_before);
	dk_buf_free(&r.gz);
	dk_buf_free(&w.buf);
	dk_intern_free(&w.names);
	free(w.recs.v), free(w.skips.v), free(w.parent.v), free(w.at.v), free(w.held.v), free(w.keep.v);
	return status;
}
