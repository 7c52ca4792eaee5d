#!/bin/sh
test_description='htmlstrip --main: comments, forms, pop-ups, bios, related stories, unclosed links and pages of sections'
. "$(dirname "$0")/lib.sh"

# main PAGE [OPTION...]: the --main text of PAGE (lib.sh).
main() { dk_main_text "$@"; }

test_expect_success 'setup: c1.html' '
	cat >c1.html <<-\EOF &&
	<html><body><h1>Harbour wall to be rebuilt</h1>
	<p>The council voted on Tuesday to rebuild the harbour wall, which was breached twice in last winter storms and has flooded the market square.</p>
	<p>Work starts in spring and will take two years; the fishing fleet will moor at the north quay while the old stones are lifted and numbered.</p>
	<h3>3 Comments</h3>
	<div><b>Ann</b><p>About time too. My shop was under water for a week in January and the insurance still has not paid.</p></div>
	<div><b>Bob</b><p>Two years is far too long for the fleet to be squeezed onto the north quay with the ferry coming in.</p></div>
	<div><b>Cat</b><p>Will they put the old stones back in the same order? The wall is older than the church.</p></div>
	</body></html>
	EOF
	true
'

test_expect_success 'setup: c2.html' '
	cat >c2.html <<-\EOF &&
	<html><body><div class="post"><h1>Harbour wall to be rebuilt</h1>
	<p>The council voted on Tuesday to rebuild the harbour wall, which was breached twice in last winter storms and has flooded the market square.</p>
	<p>Work starts in spring and will take two years; the fishing fleet will moor at the north quay while the old stones are lifted and numbered.</p>
	</div>
	<form action="/post-comment" method="post"><h3>Say what you think</h3>
	<p>Your name <input name="name"></p><p>Write your thoughts on this story here, please be kind and stay on the subject of the harbour.</p><textarea name="text"></textarea><p><button>Send</button></p></form>
	<div class="author-bio"><p>Mary Jones has covered the harbour and the fishing fleet for the Gazette since 1998, and lives in the old town with two cats.</p></div>
	<div class="modal newsletter-popup"><h2>Never miss a story</h2><p>Sign up for our free morning newsletter with the news from the coast and the hills, sent before breakfast.</p><form><input type="email" name="e"><button>Subscribe</button></form></div>
	<aside class="related-stories"><h3>Related</h3><p>Storm damage along the coast road will cost the county more than four million pounds to repair, engineers say.</p></aside>
	</body></html>
	EOF
	true
'

test_expect_success 'setup: c3.html' '
	cat >c3.html <<-\EOF &&
	<html><body><div class="logo"><a href="/">The Gazette
	<div class="story"><h1>Harbour wall to be rebuilt</h1>
	<p>The council voted on Tuesday to rebuild the harbour wall, which was breached twice in last winter storms and has flooded the market square.</p>
	<p>Work starts in spring and will take two years; the fishing fleet will moor at the north quay while the old stones are lifted and numbered.</p>
	<p>The mayor said that the town could not wait for another storm, and that the cost would be shared with the county and the port.</p>
	<p>Share this story: <a href="/share">Facebook</a></p>
	</div>
	<div class="popup"><p>Sign up for our free morning newsletter with the news from the coast, sent to you before breakfast every day.</p></div>
	</body></html>
	EOF
	true
'

test_expect_success 'setup: man.html' '
	cat >man.html <<-\EOF &&
	<html><body><nav><a href="/">Manual</a> <a href="/ch1">Chapter 1</a> <a href="/ch2">Chapter 2</a></nav><div class="chapter"><h1>Chapter 3. Files</h1>
	<div class="section"><h2>3.1. Opening file number 1</h2>
	<p>Section 1 tells how a program opens a file of kind 1, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd1 = open(name, O_RDONLY);
	if (fd1 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd1, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd1);</pre></div>
	<div class="section"><h2>3.2. Opening file number 2</h2>
	<p>Section 2 tells how a program opens a file of kind 2, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd2 = open(name, O_RDONLY);
	if (fd2 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd2, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd2);</pre></div>
	<div class="section"><h2>3.3. Opening file number 3</h2>
	<p>Section 3 tells how a program opens a file of kind 3, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd3 = open(name, O_RDONLY);
	if (fd3 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd3, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd3);</pre></div>
	<div class="section"><h2>3.4. Opening file number 4</h2>
	<p>Section 4 tells how a program opens a file of kind 4, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd4 = open(name, O_RDONLY);
	if (fd4 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd4, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd4);</pre></div>
	<div class="section"><h2>3.5. Opening file number 5</h2>
	<p>Section 5 tells how a program opens a file of kind 5, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd5 = open(name, O_RDONLY);
	if (fd5 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd5, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd5);</pre></div>
	<div class="section"><h2>3.6. Opening file number 6</h2>
	<p>Section 6 tells how a program opens a file of kind 6, reads its records one at a time, and closes it again when the work is done.</p>
	<pre>int fd6 = open(name, O_RDONLY);
	if (fd6 &lt; 0) { perror(name); return -1; }
	while ((n = read(fd6, buf, sizeof buf)) &gt; 0) { use(buf, n); }
	close(fd6);</pre></div>
	</div></body></html>
	EOF
	true
'

test_expect_success 'setup: forum.html' '
	cat >forum.html <<-\EOF &&
	<html><body>
	<div>
	<p>Thread 1 post 1: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	<p>Thread 1 post 2: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	<p>Thread 1 post 3: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	</div>
	<div>
	<p>Thread 2 post 1: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	<p>Thread 2 post 2: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	<p>Thread 2 post 3: I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all. I tried the new firmware on my router last night and the wireless drops every hour or so, then comes back by itself after a minute; the old firmware never did this, and the logs show nothing at all.</p><nav><a href="/1">Another forum thread 1</a> <a href="/2">Another forum thread 2</a> <a href="/3">Another forum thread 3</a> <a href="/4">Another forum thread 4</a> <a href="/5">Another forum thread 5</a> <a href="/6">Another forum thread 6</a> <a href="/7">Another forum thread 7</a> <a href="/8">Another forum thread 8</a> <a href="/9">Another forum thread 9</a> <a href="/10">Another forum thread 10</a> <a href="/11">Another forum thread 11</a> <a href="/12">Another forum thread 12</a> <a href="/13">Another forum thread 13</a> <a href="/14">Another forum thread 14</a> <a href="/15">Another forum thread 15</a> <a href="/16">Another forum thread 16</a> <a href="/17">Another forum thread 17</a> <a href="/18">Another forum thread 18</a> <a href="/19">Another forum thread 19</a> <a href="/20">Another forum thread 20</a> <a href="/21">Another forum thread 21</a> <a href="/22">Another forum thread 22</a> </nav>
	</div>
	</body></html>
	EOF
	true
'

test_expect_success 'a comments heading and the comments after it: gone, kept with --comments' '
	cat >expect <<-\EOF &&
	Harbour wall to be rebuilt
	The council voted on Tuesday to rebuild the harbour wall, which was breached twice in last winter storms and has flooded the market square.
	Work starts in spring and will take two years; the fishing fleet will moor at the north quay while the old stones are lifted and numbered.
	3 Comments
	Ann
	About time too. My shop was under water for a week in January and the insurance still has not paid.
	Bob
	Two years is far too long for the fleet to be squeezed onto the north quay with the ferry coming in.
	Cat
	Will they put the old stones back in the same order? The wall is older than the church.
	EOF
	main c1.html --comments >actual &&
	test_cmp expect actual &&
	head -n 3 expect >expect.article &&
	main c1.html >actual &&
	test_cmp expect.article actual
'

test_expect_success 'a comment form, an author bio, a newsletter pop-up with an e-mail form and a related-stories aside: gone, the article kept' '
	head -n 3 expect >expect.article &&
	main c2.html >actual &&
	test_cmp expect.article actual &&
	main c2.html --comments >actual &&
	test_cmp expect.article actual
'

test_expect_success 'an unclosed <a> before the article: the article, not the pop-up' '
	cat >expect <<-\EOF &&
	Harbour wall to be rebuilt
	The council voted on Tuesday to rebuild the harbour wall, which was breached twice in last winter storms and has flooded the market square.
	Work starts in spring and will take two years; the fishing fleet will moor at the north quay while the old stones are lifted and numbered.
	The mayor said that the town could not wait for another storm, and that the cost would be shared with the county and the port.
	Share this story: Facebook
	EOF
	main c3.html >actual &&
	test_cmp expect actual
'

test_expect_success 'a manual chapter of six sections with code: all kept' '
	cat >expect <<-\EOF &&
	Chapter 3. Files
	3.1. Opening file number 1
	Section 1 tells how a program opens a file of kind 1, reads its records one at a time, and closes it again when the work is done.
	int fd1 = open(name, O_RDONLY);
	if (fd1 < 0) { perror(name); return -1; }
	while ((n = read(fd1, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd1);
	3.2. Opening file number 2
	Section 2 tells how a program opens a file of kind 2, reads its records one at a time, and closes it again when the work is done.
	int fd2 = open(name, O_RDONLY);
	if (fd2 < 0) { perror(name); return -1; }
	while ((n = read(fd2, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd2);
	3.3. Opening file number 3
	Section 3 tells how a program opens a file of kind 3, reads its records one at a time, and closes it again when the work is done.
	int fd3 = open(name, O_RDONLY);
	if (fd3 < 0) { perror(name); return -1; }
	while ((n = read(fd3, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd3);
	3.4. Opening file number 4
	Section 4 tells how a program opens a file of kind 4, reads its records one at a time, and closes it again when the work is done.
	int fd4 = open(name, O_RDONLY);
	if (fd4 < 0) { perror(name); return -1; }
	while ((n = read(fd4, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd4);
	3.5. Opening file number 5
	Section 5 tells how a program opens a file of kind 5, reads its records one at a time, and closes it again when the work is done.
	int fd5 = open(name, O_RDONLY);
	if (fd5 < 0) { perror(name); return -1; }
	while ((n = read(fd5, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd5);
	3.6. Opening file number 6
	Section 6 tells how a program opens a file of kind 6, reads its records one at a time, and closes it again when the work is done.
	int fd6 = open(name, O_RDONLY);
	if (fd6 < 0) { perror(name); return -1; }
	while ((n = read(fd6, buf, sizeof buf)) > 0) { use(buf, n); }
	close(fd6);
	EOF
	main man.html >actual &&
	test_cmp expect actual
'

test_expect_success '-v names a page where --main kept under a quarter of the text, and counts it' '
	htmlstrip -v --main forum.html man.html >out 2>err &&
	cat >expect <<-\EOF &&
	htmlstrip: forum.html: --main kept 16% of the text
	htmlstrip: 2 documents, 0 WARC records skipped (0 non-HTML responses), 0 damaged, 0 not HTML pages, 0 over --max-record, 0 with no main content (whole page kept), 1 where it kept under a quarter of the text
	EOF
	test_cmp expect err
'

test_expect_success 'a container named "comments-enabled" is not taken for comments' '
	sed "s/<body>/<body><div class=\"post-content comments-enabled\">/; s|</body>|</div></body>|" c1.html >c4.html &&
	main c4.html >actual &&
	main c1.html >expect &&
	test_cmp expect actual
'

test_expect_success '--comments without --main is a usage error' '
	expect_error 2 "^htmlstrip: --comments needs --main" htmlstrip --comments man.html
'

test_done
