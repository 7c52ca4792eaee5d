/* The SVG plots of evaluate, drawn directly, so no plotting program is
 * needed: scores against the threshold, and the histogram of SIMs. */
#include "evaluate.h"

#include <stdio.h>

#define W 720
#define H 440
#define LEFT 64
#define RIGHT 190              /* room for the legend */
#define TOP 44
#define BOTTOM 56

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

enum { PRECISION, RECALL, F1 };

static double xlo, xhi;

static double
px(double tau)
{
	return LEFT + (tau - xlo) / (xhi - xlo) * (W - LEFT - RIGHT);
}

static double
py(double v)
{
	return TOP + (1 - v) * (H - TOP - BOTTOM);
}

/* A score of s, or -1 when it is undefined. */
static double
value(const struct score *s, int what, uint64_t truepairs)
{
	switch (what) {
	case PRECISION:
		return s->reported ? (double)s->correct / (double)s->reported : -1;
	case RECALL:
		return truepairs ? (double)s->correct / (double)truepairs : -1;
	default:
		return s->reported + truepairs ?
		    2.0 * (double)s->correct / (double)(s->reported + truepairs) : -1;
	}
}

static void
text_escaped(FILE *f, const char *s)
{
	int n;

	for (n = 0; *s && n < 40; s++, n++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			/* control bytes are not allowed in XML */
			fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
		}
	}
	if (*s)
		fputs("...", f);
}

/* One curve as a path; an undefined value breaks it. */
static void
curve(FILE *f, const struct series *r, int what, uint64_t truepairs,
    const char *color, double width)
{
	size_t i;
	int pen = 0;
	double v;

	fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" d=\"", color, width);
	for (i = 0; i < r->n; i++) {
		if ((v = value(&r->s[i], what, truepairs)) < 0) {
			pen = 0;
			continue;
		}
		fprintf(f, "%s%.1f %.1f ", pen ? "L" : "M",
		    px((double)r->s[i].tau / MICRO), py(v));
		pen = 1;
	}
	fputs("\"/>\n", f);
	/* single points would not show as a path */
	for (i = 0; i < r->n; i++)
		if ((v = value(&r->s[i], what, truepairs)) >= 0)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
			    px((double)r->s[i].tau / MICRO), py(v), width, color);
}

static void
legend(FILE *f, int k, const char *color, const char *label)
{
	double y = TOP + 10 + 22.0 * k;

	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" "
	    "stroke-width=\"3\"/>\n", W - RIGHT + 16, y, W - RIGHT + 40, y, color);
	fprintf(f, "<text x=\"%d\" y=\"%.1f\">", W - RIGHT + 46, y + 4);
	text_escaped(f, label);
	fputs("</text>\n", f);
}

/* The frame, and the x axis from xlo to xhi, named label. */
static void
xaxis(FILE *f, const char *label)
{
	int i;
	double t;

	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
	    "stroke=\"#000\"/>\n", LEFT, TOP, W - LEFT - RIGHT, H - TOP - BOTTOM);
	for (i = 0; i <= 10; i++) {
		t = i / 10.0;
		if (t < xlo - 1e-9 || t > xhi + 1e-9)
			continue;
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n",
		    px(t), TOP, px(t), H - BOTTOM);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.1f</text>\n",
		    px(t), H - BOTTOM + 18, t);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
	    (LEFT + W - RIGHT) / 2, H - 14, label);
}

static void
axes(FILE *f)
{
	int i;

	xaxis(f, "threshold (tau)");
	for (i = 0; i <= 10; i++) {
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
		    LEFT, py(i / 10.0), W - RIGHT, py(i / 10.0));
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>\n",
		    LEFT - 6, py(i / 10.0) + 4, i / 10.0);
	}
}

static void
svg_open(FILE *f, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n", W, H, W, H);
	fprintf(f, "<text x=\"%d\" y=\"26\" font-size=\"15\">%s</text>\n", LEFT, title);
}

static int
svg_close(FILE *f)
{
	int fail;

	fputs("</svg>\n", f);
	fail = ferror(f);
	if (fclose(f) != 0 || fail)
		return -1;
	return 0;
}

int
plot_svg(const char *path, const struct series *runs, size_t nruns, uint64_t truepairs)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (f == NULL)
		return -1;
	xlo = runs[0].n ? (double)runs[0].s[0].tau / MICRO : 0;
	xhi = 1;
	if (xhi - xlo < 0.05)
		xlo = xhi - 0.05;
	svg_open(f, nruns == 1 ? "Precision, recall and F1 against the threshold" :
	    "F1 against the threshold");
	axes(f);
	if (nruns == 1) {
		curve(f, &runs[0], PRECISION, truepairs, palette[0], 2);
		curve(f, &runs[0], RECALL, truepairs, palette[1], 2);
		curve(f, &runs[0], F1, truepairs, "#000", 2.5);
		legend(f, 0, palette[0], "precision");
		legend(f, 1, palette[1], "recall");
		legend(f, 2, "#000", "F1");
	} else {
		for (i = 0; i < nruns; i++) {
			curve(f, &runs[i], F1, truepairs, palette[i % NPALETTE], 2);
			legend(f, (int)i, palette[i % NPALETTE], runs[i].label);
		}
	}
	return svg_close(f);
}

int
plot_histogram(const char *path, const struct bin *b, size_t n)
{
	FILE *f = fopen(path, "w");
	static const unsigned mult[] = { 1, 2, 5 };
	uint64_t top = 0, tick = 1, t;
	double x0, x1, w;
	size_t i;
	int k;

	if (f == NULL)
		return -1;
	xlo = n ? (double)b[0].lo / MICRO : 0;
	xhi = 1;
	if (xhi - xlo < 0.05)
		xlo = xhi - 0.05;
	for (i = 0; i < n; i++) {
		top = b[i].pairs > top ? b[i].pairs : top;
		top = b[i].docs > top ? b[i].docs : top;
	}
	/* at most 8 ticks of 1, 2 or 5 times a power of 10 */
	for (k = 0; tick * mult[k % 3] * 8 < top; )
		if (++k % 3 == 0)
			tick *= 10;
	tick *= mult[k % 3];
	top = top ? (top + tick - 1) / tick * tick : 1;
	svg_open(f, "Pairs and documents (by their best pair) against SIM");
	xaxis(f, "SIM");
	for (t = 0; t <= top; t += tick) {
		double y = TOP + (1 - (double)t / (double)top) * (H - TOP - BOTTOM);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
		    LEFT, y, W - RIGHT, y);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%llu</text>\n",
		    LEFT - 6, y + 4, (unsigned long long)t);
	}
	for (i = 0; i < n; i++) {
		x0 = px((double)b[i].lo / MICRO);
		x1 = px((double)b[i].hi / MICRO);
		w = (x1 - x0) / 2 - 1;
		for (k = 0; k < 2; k++) {
			double v = (double)(k ? b[i].docs : b[i].pairs) / (double)top;

			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			    "fill=\"%s\"/>\n", x0 + 1 + k * w, py(v), w > 0 ? w : 0,
			    py(0) - py(v), palette[k]);
		}
	}
	legend(f, 0, palette[0], "pairs");
	legend(f, 1, palette[1], "documents");
	return svg_close(f);
}
