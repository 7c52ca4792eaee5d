#!/bin/sh
test_description='htmlstrip: undeclared pages in legacy encodings, guessed from the bytes'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: one text a language' '
	cat >de <<-\EOT &&
	Der Bürgermeister eröffnete am Montag die neue Brücke über den Fluss. Die Bauarbeiten dauerten länger als geplant, weil im Winter große Schäden entstanden waren. « Voilà », sagte ein Gast aus Genf, « ça marche très bien. »
	EOT
	cat >ru <<-\EOT &&
	Привет! Мэр города в понедельник открыл новый мост через реку. Строительство заняло больше времени, чем планировалось, потому что зимой были большие повреждения.
	EOT
	cat >pl <<-\EOT &&
	Burmistrz otworzył w poniedziałek nowy most na rzece. Budowa trwała dłużej, niż planowano, ponieważ zimą powstały duże szkody. Żółta łódź płynęła środkiem rzeki, a ludzie się cieszyli.
	EOT
	cat >cs <<-\EOT &&
	Starosta v pondělí otevřel nový most přes řeku. Stavba trvala déle, než se plánovalo, protože v zimě vznikly velké škody. Všichni občané se těší, protože bude možné jezdit přes most každý den.
	EOT
	cat >ja <<-\EOT &&
	市長は月曜日に川に架かる新しい橋を開通させました。冬に大きな被害が出たため、工事は予定より長くかかりました。住民はとても喜んでいます。
	EOT
	cat >zh <<-\EOT &&
	市长星期一为河上的新桥举行了通车仪式。由于冬天出现了严重的损坏，工程比计划的时间长。这是我们城市发展中的一件大事，居民们都非常高兴。
	EOT
	cat >tw <<-\EOT &&
	市長星期一為河上的新橋舉行了通車儀式。由於冬天出現了嚴重的損壞，工程比計劃的時間長。這是我們城市發展中的一件大事，居民們都非常高興。
	EOT
	cat >ko <<-\EOT &&
	시장은 월요일에 강을 가로지르는 새 다리를 개통했습니다. 겨울에 큰 피해가 있어서 공사는 계획보다 오래 걸렸습니다. 주민들은 매우 기뻐하고 있습니다.
	EOT
	cat >hu <<-\EOT &&
	A polgármester hétfőn átadta az új hidat a folyó fölött. Az építkezés tovább tartott a tervezettnél, mert télen nagy károk keletkeztek. A lakók nagyon örülnek, hogy végre minden nap átkelhetnek rajta.
	EOT
	cat >tr <<-\EOT &&
	Belediye başkanı pazartesi günü nehir üzerindeki yeni köprüyü açtı. İnşaat planlanandan uzun sürdü, çünkü kışın büyük hasar oluşmuştu. Şehir halkı çok sevindi ve köprüden geçmeye başladı.
	EOT
	cat >lt <<-\EOT &&
	Meras pirmadienį atidarė naują tiltą per upę. Statybos užtruko ilgiau, nei buvo planuota, nes žiemą atsirado didelių gedimų. Gyventojai labai džiaugiasi, kad galės kasdien važiuoti per tiltą.
	EOT
	cat >lv <<-\EOT &&
	Mērs pirmdien atklāja jauno tiltu pār upi. Būvdarbi ilga ilgāk, nekā bija plānots, jo ziemā radās lieli bojājumi. Iedzīvotāji ļoti priecājas, ka varēs katru dienu braukt pāri tiltam.
	EOT
	cat >el <<-\EOT &&
	Ο δήμαρχος εγκαινίασε τη Δευτέρα τη νέα γέφυρα πάνω από το ποτάμι. Τα έργα κράτησαν περισσότερο από ό,τι είχε προγραμματιστεί, επειδή ο χειμώνας ήταν βαρύς. Οι κάτοικοι χάρηκαν πολύ.
	EOT
	cat >el-cap <<-\EOT &&
	Άνοιξε η νέα γέφυρα. Άργησαν τα έργα λόγω του χειμώνα, αλλά οι κάτοικοι είναι ευχαριστημένοι.
	EOT
	cat >he <<-\EOT &&
	ראש העיר פתח ביום שני את הגשר החדש מעל הנהר. העבודות נמשכו זמן רב יותר מהמתוכנן, כי בחורף נגרמו נזקים גדולים. התושבים שמחו מאוד.
	EOT
	cat >ar <<-\EOT &&
	افتتح رئيس البلدية يوم الاثنين الجسر الجديد فوق النهر. استغرقت الأعمال وقتا أطول مما كان مخططا، لأن الشتاء تسبب في أضرار كبيرة. وفرح السكان كثيرا.
	EOT
	cat >th <<-\EOT
	นายกเทศมนตรีเปิดสะพานใหม่ข้ามแม่น้ำเมื่อวันจันทร์ การก่อสร้างใช้เวลานานกว่าที่วางแผนไว้ เพราะในฤดูหนาวเกิดความเสียหายมาก ชาวเมืองดีใจมาก
	EOT
'

# guess LANG ENCODING NAME: the text of LANG in ENCODING, in a page that
# declares nothing, comes back exactly, and -v names NAME as the guess.
guess() {
	{ printf "<html><body><p>" && iconv -f UTF-8 -t "$2" "$1" && printf "</p></body></html>"; } >page.html &&
	htmlstrip -v page.html >actual 2>err &&
	printf "page.html\t%s\n" "$(cat "$1")" >expect &&
	test_cmp expect actual &&
	grep "^htmlstrip: page.html: no encoding declared and not UTF-8: read as $3, a guess from the bytes$" err
}

test_expect_success 'windows-1252 (German and French)' 'guess de WINDOWS-1252 windows-1252'
test_expect_success 'windows-1251 (Russian)' 'guess ru WINDOWS-1251 windows-1251'
test_expect_success 'KOI8-R (Russian)' 'guess ru KOI8-R KOI8-R'
test_expect_success 'ISO-8859-2 (Polish, Czech)' '
	guess pl ISO-8859-2 ISO-8859-2 &&
	guess cs ISO-8859-2 ISO-8859-2
'
test_expect_success 'windows-1250 (Polish, Czech)' '
	guess pl WINDOWS-1250 windows-1250 &&
	guess cs WINDOWS-1250 windows-1250
'
# Hungarian letters are where windows-1250 and ISO-8859-2 agree: read
# either way, named ISO-8859-2.
test_expect_success 'ISO-8859-2 and windows-1250 (Hungarian)' '
	guess hu ISO-8859-2 ISO-8859-2 &&
	guess hu WINDOWS-1250 ISO-8859-2
'
test_expect_success 'windows-1254 (Turkish)' 'guess tr WINDOWS-1254 windows-1254'
test_expect_success 'windows-1257 (Lithuanian, Latvian)' '
	guess lt WINDOWS-1257 windows-1257 &&
	guess lv WINDOWS-1257 windows-1257
'
test_expect_success 'ISO-8859-7 and windows-1253 (Greek; they differ in Ά)' '
	guess el ISO-8859-7 ISO-8859-7 &&
	guess el-cap ISO-8859-7 ISO-8859-7 &&
	guess el-cap WINDOWS-1253 windows-1253
'
test_expect_success 'windows-1255 (Hebrew)' 'guess he WINDOWS-1255 windows-1255'
test_expect_success 'windows-1256 (Arabic)' 'guess ar WINDOWS-1256 windows-1256'
test_expect_success 'windows-874 (Thai)' 'guess th WINDOWS-874 windows-874'
test_expect_success 'Shift_JIS (Japanese)' 'guess ja SHIFT_JIS Shift_JIS'
test_expect_success 'EUC-JP (Japanese)' 'guess ja EUC-JP EUC-JP'
test_expect_success 'GBK and GB18030 (simplified Chinese)' '
	guess zh GBK GBK &&
	guess zh GB18030 GBK
'
test_expect_success 'Big5 (traditional Chinese)' 'guess tw BIG5 Big5'
test_expect_success 'EUC-KR (Korean)' 'guess ko EUC-KR EUC-KR'

test_expect_success 'valid UTF-8 comes first, and says nothing under -v' '
	{ printf "<p>" && cat ru; } >page.html &&
	htmlstrip -v page.html >actual 2>err &&
	printf "page.html\t%s\n" "$(cat ru)" >expect &&
	test_cmp expect actual &&
	! grep guess err
'

# 48 bytes of whole UTF-8 sequences, 2 of broken ones (ü and ß in
# windows-1252): 96 in 100, over nearly_utf8's 95.
test_expect_success 'UTF-8 with one damaged word stays UTF-8, its bytes U+FFFD' '
	{ printf "<p>" && cat de de && printf "Gr\374\337e</p>"; } >page.html &&
	htmlstrip -v page.html >actual 2>err &&
	printf "page.html\t%s %s Gr\357\277\275\357\277\275e\n" "$(cat de)" "$(cat de)" >expect &&
	test_cmp expect actual &&
	grep "^htmlstrip: page.html: no encoding declared and not valid UTF-8, but nearly: read as UTF-8, each invalid byte as U+FFFD$" err
'

test_expect_success 'Spanish symbols next to letters stay windows-1252' '
	printf "<p>\277Qu\351 pas\363? \241Hola se\361or! N\272 5, 10\265m" >page.html &&
	htmlstrip page.html >actual &&
	printf "page.html\t¿Qué pasó? ¡Hola señor! Nº 5, 10µm\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'English with curly quotes and symbols stays windows-1252' '
	printf "<p>America\222s \223best\224 Franklin\256 Caf\351 \251 2008 I\222d</p>" >page.html &&
	htmlstrip page.html >actual &&
	printf "page.html\tAmerica’s “best” Franklin® Café © 2008 I’d\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'valid UTF-8 beats a later <meta> that says otherwise' '
	pad=$(printf "%01030d" 0) &&
	printf "<p>$pad</p><meta charset=iso-8859-1><p>caf\303\251</p>" >page.html &&
	htmlstrip page.html >actual &&
	printf "page.html\t$pad\\\\ncafé\n" >expect &&
	test_cmp expect actual
'

test_done
