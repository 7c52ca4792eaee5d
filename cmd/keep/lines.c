/* Line formats: a TSV stream by its ID column, JSON Lines by a top-level
 * field read with json-c.  A kept record is written as it was read, its CR
 * and LF included. */
#include "keep.h"

#include <inttypes.h>
#include <json.h>

static void
put_raw(dk_reader *r)
{
	dk_str raw = dk_reader_raw(r);

	dk_buf_bytes(&dk_out, raw.p, raw.n);
	if (raw.n == 0 || raw.p[raw.n - 1] != '\n')
		dk_buf_char(&dk_out, '\n');     /* the last line, unended */
	dk_out_maybe_flush();
}

void
keep_tsv(struct keep *k, dk_reader *r)
{
	dk_record rec = { 0 };
	dk_str id;
	unsigned long lines = 0;

	/* A corpus record is at least ID TAB TEXT. */
	while (dk_read_record(r, &rec, k->field > 2 ? k->field : 2)) {
		lines++;
		id = rec.f[k->field - 1];
		if (id.n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID in field %zu", k->field);
		if (keep_id(k, dk_reader_name(r), dk_reader_lineno(r), id.p, id.n))
			put_raw(r);
	}
	keep_skipped(k, r, lines);
	dk_record_free(&rec);
}

/* ---- JSON Lines ---- */

static json_tokener *tok;

/* Nesting deeper than this is refused (json-c's own default is 32). */
#define JSON_DEPTH 1024

/* The ID value v as the text of a TSV ID into out: a string escaped as
 * @tsv escapes it, an integer in decimal.  Returns NULL or why it cannot
 * be an ID. */
static const char *
id_text(json_object *v, dk_buf *out)
{
	int64_t i;
	uint64_t u;

	out->n = 0;
	switch (json_object_get_type(v)) {
	case json_type_string:
		dk_buf_escaped(out, json_object_get_string(v), (size_t)json_object_get_string_len(v));
		return out->n ? NULL : "is an empty string";
	case json_type_int:
		/* json-c holds integers in 64 bits and clamps larger ones
		 * to the limits, which are therefore refused. */
		i = json_object_get_int64(v);
		if (i == INT64_MIN)
			return "is an integer out of range";
		if (i == INT64_MAX) {
			u = json_object_get_uint64(v);
			if (u == UINT64_MAX)
				return "is an integer out of range";
			dk_buf_u64(out, u);
		} else if (i < 0) {
			dk_buf_char(out, '-');
			dk_buf_u64(out, (uint64_t)0 - (uint64_t)i);
		} else
			dk_buf_u64(out, (uint64_t)i);
		return NULL;
	case json_type_double:
		return "is a number with a fraction or an exponent, not an integer";
	case json_type_null:
		return "is null";
	case json_type_boolean:
		return "is a boolean";
	default:
		return "is an object or an array";
	}
}

static int
blank(dk_str s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if (s.p[i] != ' ' && s.p[i] != '\t')
			return 0;
	return 1;
}

/* The line as a JSON object; fatal when it is not one. */
static json_object *
parse_line(dk_reader *r, dk_str line)
{
	enum json_tokener_error e;
	json_object *o;
	size_t end;

	if (!tok) {
		tok = json_tokener_new_ex(JSON_DEPTH);
		if (!tok)
			dk_diex(DK_EXIT_OPERAND, "json-c: out of memory");
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	}
	json_tokener_reset(tok);
	o = json_tokener_parse_ex(tok, line.p, (int)line.n);
	e = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	if (!o && e == json_tokener_continue)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "JSON value cut short at the end of the line");
	if (!o)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "bad JSON at byte %zu: %s",
		    end + 1, json_tokener_error_desc(e));
	if (!json_object_is_type(o, json_type_object))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "not a JSON object");
	return o;
}

void
keep_jsonl(struct keep *k, dk_reader *r)
{
	json_object *o, *v;
	const char *why;
	dk_str line;
	unsigned long lines = 0;

	while (dk_read_line(r, &line)) {
		lines++;
		/* json-c reads at most 2G bytes: a longer line is skipped as
		 * one over --max-record is (when that is larger) */
		if (line.n > INT32_MAX) {
			dk_warn_at(dk_reader_name(r), dk_reader_lineno(r), "record longer than "
			    "%d bytes skipped (JSON Lines are read up to 2G bytes a line)", INT32_MAX);
			k->skipped++;
			continue;
		}
		if (blank(line)) {
			k->blank++;
			continue;
		}
		o = parse_line(r, line);
		if (!json_object_object_get_ex(o, k->json, &v))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "no field \"%s\"", k->json);
		if ((why = id_text(v, &k->id)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "field \"%s\" %s", k->json, why);
		json_object_put(o);
		if (keep_id(k, dk_reader_name(r), dk_reader_lineno(r), k->id.p, k->id.n))
			put_raw(r);
	}
	keep_skipped(k, r, lines);
}

void
keep_jsonl_end(void)
{
	if (tok)
		json_tokener_free(tok);
	tok = NULL;
}
