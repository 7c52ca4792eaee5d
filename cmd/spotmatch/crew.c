/* Groups side by side: the crew of threads over lanes (match_crew), and
 * the entry points that match a collection's groups, sm_match_groups, and
 * a plain stream's partitions, sm_match_plain.  Each group is matched by
 * the matcher of match.c (matcher.h). */
#include "matcher.h"

#include <pthread.h>
#include <stdlib.h>

/* The partition of each document, found by the threads. */
struct placing {
	const sm_ctx *c;
	const dk_parts *t;
	uint32_t *part;
	dk_counter next;
};

static void
place_work(void *arg, int tid)
{
	struct placing *pl = arg;
	size_t i, end, n = pl->c->docs.n;

	(void)tid;
	while ((i = dk_counter_take(&pl->next, 1 << 14, n)) < n)
		for (end = i + (1 << 14) < n ? i + (1 << 14) : n; i < end; i++)
			pl->part[i] = (uint32_t)dk_parts_find(pl->t, pl->c->docs.v[i].len);
}

/* The partitions of a plain stream: the documents by partition, those of
 * partition k from member[start[k]] on. */
struct plain {
	sm_ctx *c;
	const dk_parts *t;
	const uint32_t *member;
	const size_t *start;
};

/* Group k of a plain stream: partition k, with the documents of the one
 * before that may match one of it as probes (into room[1]). */
static void
plain_group(const void *src, size_t k, sm_u32s room[2], sm_group *g)
{
	const struct plain *pl = src;
	const sm_ctx *c = pl->c;
	size_t i;

	room[1].n = 0;
	for (i = k ? pl->start[k - 1] : 0; k && i < pl->start[k]; i++)
		if (dk_parts_probe(pl->t, k - 1, c->docs.v[pl->member[i]].len))
			DK_PUSH(&room[1], pl->member[i]);
	g->member = pl->member + pl->start[k];
	g->nmember = pl->start[k + 1] - pl->start[k];
	g->probe = room[1].v;
	g->nprobe = room[1].n;
}

/* Its size for the order of the lanes: its members and the partition
 * before (an upper bound on its probes). */
static uint64_t
plain_size(const void *src, size_t k)
{
	const struct plain *pl = src;

	return pl->start[k + 1] - pl->start[k] + (k ? pl->start[k] - pl->start[k - 1] : 0);
}

/* ---- groups side by side: the crew ----
 * At a high threshold a plain stream falls into many narrow partitions (a
 * partition stream has many keys).  Matched one after the other, with the
 * threads inside each group, a group's folding, index and closing run on
 * one thread while the others wait: a third of the work at 1.17 million
 * scalegen documents at tau 0.9.  Matched side by side, a thread a group,
 * the largest group (a tenth of the work there) bounds the time.
 *
 * So the threads are a crew over lanes, each lane a matcher of its own
 * (its table by signature, 4 bytes a signature) that holds one group at
 * a time.  A thread takes, in this order: a batch of the queries of an
 * open group (the earliest opened first, that is the largest); else the
 * next group, the largest first, into a free lane, where it folds the
 * copies and builds the index alone, then opens the queries to all; else
 * it waits for one or the other.  The thread that finishes the last
 * batch of a group closes it (its copies' pairs) and frees its lane.  No
 * thread idles while a group has queries left, and the groups' serial
 * parts run beside each other's queries.  Each thread queries with a
 * worker of its own (stamps and overlaps by rank, 8 bytes a member of
 * the largest group it has queried), and keeps the pairs it found in the
 * group's matcher under its own number, for the closing.  The pairs of
 * all lanes are sorted together at the end: the output is that of
 * matching the groups one after the other.  The links of exact copies (4
 * bytes a document) are shared by the lanes (link_get).
 *
 * Memory: the lanes beside the first take at most an eighth of the pool
 * or a floor, whichever is larger (room_of): their signature tables
 * (LANEROOM) bound the lanes; a group opens only when the groups open
 * beside the largest of them, it included, fit at GROUPBYTES bytes a
 * document for an index, members' prefixes and scratch (11.7 million
 * scalegen documents at tau 0.9 peaked 240 MB higher with 2 lanes than
 * with 1, 58 bytes a document of the largest group).  When not even the
 * second largest group fits beside the largest, the groups are matched
 * one after the other, with all threads inside each (crew_lanes). */
#define LANEROOM ((size_t)4 << 20)
#define GROUPROOM ((uint64_t)64 << 20)
#define GROUPBYTES 64

enum { LANE_FREE, LANE_OPENING, LANE_QUERIES };

struct lane {
	sm_matcher *mt;
	int state, helpers;        /* helpers: threads taking its queries */
	double opened, done, freed;     /* crew_clock at those events */
	uint64_t size;             /* its group's (sm_groups.size) */
	sm_u32s room[2];           /* its group's members and probes */
	sm_group g;
};

struct crew {
	const sm_groups *gs;
	const uint32_t *order;     /* the groups, largest first */
	size_t next;               /* the next group to open, in order */
	struct lane *lane;
	int nlane, opening;        /* lanes, and those being opened */
	uint64_t room;             /* bytes for the groups beside the largest */
	struct worker *w;          /* by thread */
	pthread_mutex_t lock;
	pthread_cond_t wake;       /* a group opened to queries, or closed */
	/* for -v -v: by thread, its clock and its CPU time when it was
	 * last read; the last close, and the longest chain */
	double *clock, *cpu, closed, chain;
};

/* While the span is measured, the clock of thread tid: the CPU time
 * along the longest chain of work that led to its present work.  Its own
 * CPU time adds to it; when it takes work that waited for an event (a
 * group opened to queries, a group's last queries done, a lane freed), it
 * goes forward to the event's clock if behind.  On as many cores as
 * threads, each thread would run its work as soon as the event it waited
 * for happened: the largest clock at the end is the span of the crew. */
static double
crew_clock(struct crew *cr, int tid)
{
	double now;

	if (!spanning)
		return 0;
	now = sm_thread_cpu();
	cr->clock[tid] += now - cr->cpu[tid];
	cr->cpu[tid] = now;
	return cr->clock[tid];
}

static void
crew_after(struct crew *cr, int tid, double event)
{
	if (crew_clock(cr, tid) < event)
		cr->clock[tid] = event;
}

/* The bytes the lanes beside the first may take. */
static uint64_t
room_of(const sm_ctx *c, uint64_t floor)
{
	uint64_t pool = c->pool.n * sizeof *c->pool.v / 8;

	return pool > floor ? pool : floor;
}

/* How many lanes: one a thread, never more than the groups, as many as
 * the tables allow; 1 (the groups one after the other) with one thread,
 * or when the two largest groups do not fit side by side.  sizes: the
 * groups' sizes, largest first. */
static int
crew_lanes(const sm_ctx *c, const sm_groups *gs, const uint64_t *sizes)
{
	uint64_t table = (dk_intern_count(&c->sigs) + 2) * sizeof(struct slot);
	uint64_t most = 1 + room_of(c, LANEROOM) / table;
	int n = c->nthreads;

	if ((size_t)n > gs->n)
		n = (int)gs->n;
	if ((uint64_t)n > most)
		n = (int)most;
	if (n < 2 || sizes[1] * GROUPBYTES > room_of(c, GROUPROOM))
		return 1;
	return n;
}

/* A lane the next group may open in, or NULL: a free one, when the
 * groups open beside the largest of them, the next included, fit the
 * room.  With the lock held. */
static struct lane *
crew_room(struct crew *cr, uint64_t size)
{
	struct lane *free_lane = NULL;
	uint64_t sum = size, top = size;
	int l;

	for (l = 0; l < cr->nlane; l++) {
		if (cr->lane[l].state == LANE_FREE) {
			free_lane = free_lane ? free_lane : &cr->lane[l];
			continue;
		}
		sum += cr->lane[l].size;
		top = cr->lane[l].size > top ? cr->lane[l].size : top;
	}
	if (free_lane && (sum - top) * GROUPBYTES > cr->room)
		return NULL;
	return free_lane;
}

/* The open group with queries left that opened first, or NULL.  With the
 * lock held. */
static struct lane *
crew_queries(struct crew *cr)
{
	struct lane *best = NULL;
	int l;

	for (l = 0; l < cr->nlane; l++) {
		struct lane *ln = &cr->lane[l];

		if (ln->state == LANE_QUERIES &&
		    __atomic_load_n(&ln->mt->next.next, __ATOMIC_RELAXED) < ln->mt->total &&
		    (!best || ln->size > best->size))
			best = ln;
	}
	return best;
}

/* Thread tid's batches of lane ln's queries, on its own worker; the
 * pairs it finds kept in the lane's matcher under its number. */
static void
crew_help(struct crew *cr, struct lane *ln, int tid)
{
	sm_matcher *mt = ln->mt;
	struct worker *w = &cr->w[tid];

	sm_worker_fit(w, mt->nmember + 1);
	w->pairs = mt->w[tid].pairs;
	sm_query_batches(mt, w);
	mt->w[tid].pairs = w->pairs;
	w->pairs = (sm_pairs){ 0 };
}

/* Frees what mt holds for a group, between groups: a lane that held a
 * large group does not keep its room while holding small ones. */
#define SHED(vec) (free((vec).v), (vec).v = NULL, (vec).n = (vec).cap = 0)

static void
matcher_shed(sm_matcher *mt)
{
	int t;

	SHED(mt->rank2doc), SHED(mt->touched), SHED(mt->lstart), SHED(mt->post);
	SHED(mt->bits), SHED(mt->pstart), SHED(mt->pcount), SHED(mt->blockw);
	SHED(mt->cls), SHED(mt->rmember), SHED(mt->rprobe);
	SHED(mt->pk), SHED(mt->ptmp), SHED(mt->pcand);
	free(mt->ctab);
	mt->ctab = NULL;
	mt->ctabsize = 0;
	for (t = 0; t < mt->nw; t++)
		SHED(mt->w[t].pfx), SHED(mt->w[t].cand);
}

/* The lane's group closed, the lane freed for the next.  With the lock
 * held, released meanwhile. */
static void
crew_close(struct crew *cr, struct lane *ln, int tid)
{
	crew_after(cr, tid, ln->done);
	pthread_mutex_unlock(&cr->lock);
	sm_group_close(ln->mt);
	if (ln->size * GROUPBYTES > cr->room / (uint64_t)cr->nlane)
		matcher_shed(ln->mt);
	pthread_mutex_lock(&cr->lock);
	ln->freed = cr->closed = crew_clock(cr, tid);
	ln->state = LANE_FREE;
	pthread_cond_broadcast(&cr->wake);
}

static void
crew_work(void *arg, int tid)
{
	struct crew *cr = arg;
	struct lane *ln;
	size_t k;
	int open, waited = 0;

	if (spanning)
		cr->cpu[tid] = sm_thread_cpu();
	pthread_mutex_lock(&cr->lock);
	for (;;) {
		if ((ln = crew_queries(cr)) != NULL) {
			ln->helpers++;
			crew_after(cr, tid, ln->opened);
			pthread_mutex_unlock(&cr->lock);
			crew_help(cr, ln, tid);
			pthread_mutex_lock(&cr->lock);
			if (crew_clock(cr, tid) > ln->done)
				ln->done = cr->clock[tid];
			waited = 0;
			/* the last thread out of a group with no queries
			 * left (no thread joins it now) closes it */
			if (--ln->helpers == 0)
				crew_close(cr, ln, tid);
			continue;
		}
		if (cr->next < cr->gs->n &&
		    (ln = crew_room(cr, cr->gs->size(cr->gs->src, cr->order[cr->next]))) != NULL) {
			k = cr->order[cr->next++];
			/* after the lane was freed, or after the close that
			 * made room for it */
			crew_after(cr, tid, waited && cr->closed > ln->freed ? cr->closed : ln->freed);
			waited = 0;
			ln->state = LANE_OPENING;
			ln->size = cr->gs->size(cr->gs->src, k);
			cr->opening++;
			pthread_mutex_unlock(&cr->lock);
			sm_span_unit(1);
			cr->gs->make(cr->gs->src, k, ln->room, &ln->g);
			/* its size, made: the documents (sm_groups.size
			 * may count probes it lacks) */
			pthread_mutex_lock(&cr->lock);
			if (ln->g.nmember + ln->g.nprobe < ln->size) {
				ln->size = ln->g.nmember + ln->g.nprobe;
				pthread_cond_broadcast(&cr->wake);
			}
			pthread_mutex_unlock(&cr->lock);
			open = ln->g.nmember > 0 && sm_group_open(ln->mt, &ln->g);
			pthread_mutex_lock(&cr->lock);
			cr->opening--;
			if (open) {
				ln->opened = ln->done = crew_clock(cr, tid);
				ln->state = LANE_QUERIES;
				pthread_cond_broadcast(&cr->wake);
			} else if (ln->g.nmember > 0)
				crew_close(cr, ln, tid);
			else {
				ln->state = LANE_FREE;
				pthread_cond_broadcast(&cr->wake);
			}
			continue;
		}
		if (cr->next >= cr->gs->n && cr->opening == 0)
			break;     /* what is left is others' to finish */
		pthread_cond_wait(&cr->wake, &cr->lock);
		waited = 1;
	}
	if (crew_clock(cr, tid) > cr->chain)
		cr->chain = cr->clock[tid];
	pthread_mutex_unlock(&cr->lock);
}

/* Matches the groups of gs, order[] largest first, by a crew of c's
 * threads in nl lanes; the pairs into out. */
static void
match_crew(sm_ctx *c, const sm_groups *gs, const uint32_t *order, int nl, sm_pairs *out)
{
	struct crew cr = { gs, order, 0, NULL, nl, 0, room_of(c, GROUPROOM), NULL,
	    PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0, 0 };
	uint32_t *copy = dk_reallocarray(NULL, c->docs.n + 1, sizeof *copy);
	size_t k;
	int t;

	for (k = 0; k < c->docs.n; k++)
		copy[k] = NONE;
	cr.lane = dk_calloc((size_t)nl, sizeof *cr.lane);
	cr.w = dk_calloc((size_t)c->nthreads, sizeof *cr.w);
	cr.clock = dk_calloc((size_t)c->nthreads, sizeof *cr.clock);
	cr.cpu = dk_calloc((size_t)c->nthreads, sizeof *cr.cpu);
	for (t = 0; t < nl; t++) {
		sm_matcher *mt = sm_matcher_threads(c, c->nthreads);

		mt->inner = 1;
		mt->crew = 1;
		mt->copy = copy;
		mt->ncopy = c->docs.n;
		mt->shared = 1;
		cr.lane[t].mt = mt;
	}
	sm_par(c->nthreads, crew_work, &cr);
	if (spanning)      /* the crew's chain, not its longest thread */
		spanning->span += cr.chain - spanning->last;
	for (t = 0; t < nl; t++) {
		sm_pairs none = { 0 };

		sm_collect(cr.lane[t].mt, out);
		sm_matcher_finish(cr.lane[t].mt, &none);        /* adds up the counts */
		free(none.v);
		free(cr.lane[t].room[0].v);
		free(cr.lane[t].room[1].v);
	}
	for (t = 0; t < c->nthreads; t++) {
		struct worker *w = &cr.w[t];

		c->lists += w->lists;
		c->postings += w->postings;
		c->met += w->met;
		c->placed += w->placed;
		c->candidates += w->candidates;
		DK_FREE_ALL(w->stamp, w->acc, w->cand.v);
	}
	sm_sort_pairs(out);
	pthread_mutex_destroy(&cr.lock);
	pthread_cond_destroy(&cr.wake);
	DK_FREE_ALL(cr.w, cr.clock, cr.cpu, cr.lane);
	free(copy);
}

void
sm_match_groups(sm_ctx *c, const sm_groups *gs, sm_pairs *out)
{
	uint64_t *key = dk_reallocarray(NULL, gs->n + 2, sizeof *key), size;
	uint32_t *order = dk_reallocarray(NULL, gs->n + 1, sizeof *order);
	sm_u32s room[2] = { { 0 }, { 0 } };
	sm_matcher *mt;
	struct span sp;
	sm_group g;
	size_t k;
	int nl;

	/* the groups, largest first; their sizes into key */
	for (k = 0; k < gs->n; k++) {
		size = gs->size(gs->src, k);
		key[k] = (uint64_t)(UINT32_MAX - (size < UINT32_MAX ? size : UINT32_MAX)) << 32 | k;
	}
	dk_sort_u64(key, gs->n);
	for (k = 0; k < gs->n; k++) {
		order[k] = (uint32_t)key[k];
		key[k] = UINT32_MAX - (key[k] >> 32);
	}
	key[gs->n] = key[gs->n + 1] = 0;
	nl = crew_lanes(c, gs, key);
	free(key);
	sm_span_begin(&sp);
	if (nl > 1)
		match_crew(c, gs, order, nl, out);
	else {
		mt = sm_matcher_new(c);
		for (k = 0; k < gs->n; k++) {
			gs->make(gs->src, k, room, &g);
			sm_match_group(mt, &g);
		}
		sm_matcher_finish(mt, out);
		free(room[0].v);
		free(room[1].v);
	}
	sm_span_end(&sp, c->nthreads);
	free(order);
}

/* A plain stream: partitions the documents by length, then matches each
 * partition with the probes of the one before. */
void
sm_match_plain(sm_ctx *c, sm_pairs *out)
{
	dk_parts t;
	size_t n = c->docs.n, k, i, *start, *fill;
	uint32_t *part, *member;
	struct placing pl;
	struct plain p;
	sm_groups gs;

	dk_parts_init(&t, c->m, c->tau, c->size_ratio, c->partition ? c->rho : 1);
	if (!c->partition) {
		t.n = 1;
		t.p[1] = UINT64_MAX;
	}
	part = dk_reallocarray(NULL, n + 1, sizeof *part);
	start = dk_calloc(t.n + 2, sizeof *start);
	fill = dk_calloc(t.n + 1, sizeof *fill);
	pl = (struct placing){ c, &t, part, { 0 } };
	dk_parallel(n < 65536 ? 1 : c->nthreads, place_work, &pl);
	for (i = 0; i < n; i++)
		start[part[i] + 1]++;
	for (k = 0; k < t.n; k++)
		start[k + 1] += start[k];
	member = dk_reallocarray(NULL, n + 1, sizeof *member);
	for (k = 0; k < t.n; k++)
		fill[k] = start[k];
	for (i = 0; i < n; i++)
		member[fill[part[i]]++] = (uint32_t)i;
	free(part);
	p = (struct plain){ c, &t, member, start };
	gs = (sm_groups){ t.n, plain_group, plain_size, &p };
	sm_match_groups(c, &gs, out);
	free(start);
	free(fill);
	free(member);
	dk_parts_free(&t);
}
