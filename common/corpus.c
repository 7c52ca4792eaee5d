/* The corpus reader: documents of a TSV stream or of JSON Lines, either
 * gzipped or not; see corpus.h. */
#include "corpus.h"
#include "ids.h"
#include "msg.h"
#include "sniff.h"
#include "utf8.h"

#include <inttypes.h>
#include <json.h>
#include <stdlib.h>
#include <string.h>

struct dk_corpus_format dk_corpus = { 0, "id", "text", 1 };
unsigned long dk_corpus_blank;

int
dk_corpus_option(int ch, const char *arg)
{
	static char *names;
	char *comma;

	if (ch != DK_OPT_JSON)
		return 0;
	free(names);
	names = dk_strdup(arg);
	comma = strchr(names, ',');
	if (comma)
		*comma++ = '\0';
	if (!*names || (comma && (!*comma || strchr(comma, ','))))
		dk_diex(DK_EXIT_INPUT, "--json %s: expected ID or ID,TEXT, the names of two "
		    "members", arg);
	dk_corpus.json = 1;
	dk_corpus.idname = names;
	dk_corpus.textname = comma ? comma : "text";
	if (comma && strcmp(dk_corpus.idname, dk_corpus.textname) == 0)
		dk_diex(DK_EXIT_INPUT, "--json %s: the ID and the text are the same member", arg);
	return 1;
}

unsigned
dk_corpus_start(dk_reader *r, unsigned accept, const char *reader)
{
	unsigned best;
	dk_str head;
	int partial;

	dk_reader_gunzip(r);
	if (dk_corpus.json)
		return DK_KIND_DOC;
	/* JSON Lines, told how to read them (dk_expect would only refuse
	 * them); the stream sniffed twice only when it starts as they do */
	if (dk_reader_peek(r, &head, &partial) && head.p[0] == '{' &&
	    dk_sniff_reader(r, &best) == DK_KIND_JSONL)
		dk_die_at(dk_reader_name(r), 1, "this looks like JSON Lines: give --json ID,TEXT, "
		    "the members holding the document's ID and its text; %s reads JSON Lines "
		    "with --json", dk_progname);
	return dk_expect(r, accept, reader);
}

/* ---- TSV ---- */

static int
next_tsv(dk_reader *r, dk_doc *d, unsigned flags)
{
	const dk_str *last;

	if (!dk_read_record(r, &d->rec, dk_corpus.idcol > 2 ? dk_corpus.idcol : 2))
		return 0;
	d->id = d->rec.f[dk_corpus.idcol - 1];
	dk_ids_add(&dk_input_ids, r, (dk_str){ d->id.p, 0 }, d->id);
	last = &d->rec.f[d->rec.n - 1];
	d->head.p = d->rec.line.p;
	d->head.n = (size_t)(last->p - d->rec.line.p);
	d->raw = dk_reader_raw(r);
	if (flags & DK_DOC_TEXT)
		d->text = dk_record_text(r, &d->rec);
	else
		d->text = (dk_str){ NULL, 0 };
	return 1;
}

/* ---- JSON Lines ---- */

static json_tokener *tok;

static void
tok_free(void)
{
	json_tokener_free(tok);
	tok = NULL;
}

/* Nesting deeper than this is refused (json-c's own default is 32). */
#define JSON_DEPTH 1024

/* The line as a JSON object; fatal when it is not one.  The caller puts
 * it. */
static json_object *
parse_line(dk_reader *r, dk_str line)
{
	enum json_tokener_error e;
	json_object *o;
	int flags = JSON_TOKENER_STRICT;

	if (!tok) {
		tok = json_tokener_new_ex(JSON_DEPTH);
		if (!tok)
			dk_diex(DK_EXIT_OPERAND, "json-c: out of memory");
		atexit(tok_free);
	}
	/* A program that reads text checks it (dk_text_invalid), and may
	 * replace what is invalid; others take valid JSON only. */
	if (dk_text_invalid == DK_INVALID_KEEP)
		flags |= JSON_TOKENER_VALIDATE_UTF8;
	json_tokener_set_flags(tok, flags);
	json_tokener_reset(tok);
	o = json_tokener_parse_ex(tok, line.p, (int)line.n);
	e = json_tokener_get_error(tok);
	if (!o && e == json_tokener_continue)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "JSON value cut short at the end of the line");
	if (!o)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "invalid JSON at byte %zu: %s",
		    json_tokener_get_parse_end(tok) + 1, json_tokener_error_desc(e));
	if (json_tokener_get_parse_end(tok) < line.n) {
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "invalid JSON at byte %zu: "
		    "more after the value", json_tokener_get_parse_end(tok) + 1);
	}
	if (!json_object_is_type(o, json_type_object)) {
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "not a JSON object");
	}
	return o;
}

static const char *
type_says(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null: return "null";
	case json_type_boolean: return "a boolean";
	case json_type_double: return "a number";
	case json_type_int: return "a number";
	case json_type_string: return "a string";
	case json_type_array: return "an array";
	default: return "an object";
	}
}

/* The ID value v as the text of a TSV ID appended to out: a string
 * escaped as @tsv escapes it, an integer in decimal.  Returns NULL or why
 * it cannot be an ID. */
static const char *
id_text(json_object *v, dk_buf *out)
{
	size_t was = out->n;
	int64_t i;
	uint64_t u;

	switch (json_object_get_type(v)) {
	case json_type_string:
		dk_buf_escaped(out, json_object_get_string(v), (size_t)json_object_get_string_len(v));
		return out->n > was ? NULL : "an empty string";
	case json_type_int:
		/* json-c holds integers in 64 bits and clamps larger ones
		 * to the limits, which are therefore refused. */
		i = json_object_get_int64(v);
		if (i == INT64_MIN)
			return "an integer out of range";
		if (i == INT64_MAX) {
			u = json_object_get_uint64(v);
			if (u == UINT64_MAX)
				return "an integer out of range";
			dk_buf_u64(out, u);
		} else if (i < 0) {
			dk_buf_char(out, '-');
			dk_buf_u64(out, (uint64_t)0 - (uint64_t)i);
		} else
			dk_buf_u64(out, (uint64_t)i);
		return NULL;
	case json_type_double:
		return "a number with a fraction or an exponent, not an integer";
	default:
		return type_says(v);
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

/* The text, d->buf[at, n), checked as dk_record_text checks a TSV text:
 * invalid UTF-8 is an error, or replaced (d->line is the scratch). */
static void
check_text(dk_reader *r, dk_doc *d, size_t at)
{
	const char *s = d->buf.p + at;
	size_t n = d->buf.n - at, ok, fixed;

	ok = dk_text_invalid == DK_INVALID_KEEP ? n : dk_utf8_valid_prefix(s, n);
	if (ok == n)
		return;
	if (dk_text_invalid == DK_INVALID_ERROR)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "invalid UTF-8 in member "
		    "\"%s\" (byte 0x%02X at byte %zu of the text); give --replace-invalid",
		    dk_corpus.textname, (unsigned char)s[ok], ok + 1);
	d->line.n = 0;
	dk_buf_reserve(&d->line, n * 3);
	dk_text_fixed.records++;
	dk_text_fixed.sequences += dk_utf8_replace(s, n, d->line.p, &fixed);
	d->buf.n = at;
	dk_buf_bytes(&d->buf, d->line.p, fixed);
}

static int
next_json(dk_reader *r, dk_doc *d, unsigned flags)
{
	json_object *o, *v;
	const char *why;
	dk_str line;

	for (;;) {
		if (!dk_read_line(r, &line))
			return 0;
		/* json-c reads at most 2G bytes (a --max-record above) */
		if (line.n > INT32_MAX)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record longer than "
			    "%d bytes: JSON Lines are read up to 2G bytes a line", INT32_MAX);
		if (!blank(line))
			break;
		dk_corpus_blank++;
	}
	o = parse_line(r, line);
	d->buf.n = 0;
	if (!json_object_object_get_ex(o, dk_corpus.idname, &v)) {
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "no member \"%s\" (the ID, "
		    "--json)", dk_corpus.idname);
	}
	if ((why = id_text(v, &d->buf)) != NULL) {
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "member \"%s\" (the ID) is %s",
		    dk_corpus.idname, why);
	}
	d->idlen = d->buf.n;
	dk_buf_char(&d->buf, '\t');
	if (!(flags & DK_DOC_TEXT))
		goto done;
	if (!json_object_object_get_ex(o, dk_corpus.textname, &v)) {
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "no member \"%s\" (the text, "
		    "--json)", dk_corpus.textname);
	}
	if (!json_object_is_type(v, json_type_string)) {
		why = type_says(v);
		json_object_put(o);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "member \"%s\" (the text) is "
		    "%s, not a string", dk_corpus.textname, why);
	}
	dk_buf_bytes(&d->buf, json_object_get_string(v), (size_t)json_object_get_string_len(v));
done:
	json_object_put(o);
	check_text(r, d, d->idlen + 1);
	d->id = (dk_str){ d->buf.p, d->idlen };
	d->head = (dk_str){ d->buf.p, d->idlen + 1 };
	d->text = (dk_str){ d->buf.p + d->idlen + 1, d->buf.n - d->idlen - 1 };
	d->raw = dk_reader_raw(r);
	d->rec.n = 0;
	if (!dk_allow_repeated_ids)
		dk_ids_add(&dk_input_ids, r, (dk_str){ d->buf.p, 0 }, d->id);
	return 1;
}

int
dk_corpus_next(dk_reader *r, dk_doc *d, unsigned flags)
{
	return dk_corpus.json ? next_json(r, d, flags) : next_tsv(r, d, flags);
}

const dk_record *
dk_doc_record(dk_doc *d)
{
	if (!dk_corpus.json)
		return &d->rec;
	d->line.n = 0;
	dk_buf_bytes(&d->line, d->head.p, d->head.n);
	dk_buf_escaped(&d->line, d->text.p, d->text.n);
	if (d->rec.cap < 2) {
		d->rec.cap = 2;
		d->rec.f = dk_reallocarray(d->rec.f, d->rec.cap, sizeof *d->rec.f);
	}
	d->rec.n = 2;
	d->rec.line = (dk_str){ d->line.p, d->line.n };
	d->rec.f[0] = (dk_str){ d->line.p, d->idlen };
	d->rec.f[1] = (dk_str){ d->line.p + d->head.n, d->line.n - d->head.n };
	return &d->rec;
}

void
dk_doc_free(dk_doc *d)
{
	dk_record_free(&d->rec);
	dk_buf_free(&d->buf);
	dk_buf_free(&d->line);
}
