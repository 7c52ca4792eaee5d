#!/bin/sh
test_description='spotsig -l: built-in antecedents and stopwords of ten languages, -l auto'
. "$(dirname "$0")/lib.sh"

# One sentence a language, with upper-case letters of its alphabet where
# an antecedent is followed (ŁÓDZKI, МОСТ): folding must reach them.
cat >sentences <<-\END
en	The council has approved a new budget that will fund the bridge.
de	Der Rat hat einen neuen Haushalt beschlossen, der die Brücke finanzieren wird.
fr	Le conseil a approuvé un nouveau budget qui financera le pont.
es	El consejo ha aprobado un nuevo presupuesto que financiará el puente.
it	Il consiglio ha approvato un nuovo bilancio che finanzierà il ponte.
pt	O conselho tem aprovado um novo orçamento que vai financiar a ponte.
nl	De raad heeft een nieuwe begroting goedgekeurd die de brug zal financieren.
sv	Rådet har godkänt en ny budget som ska finansiera den nya bron.
pl	Rada miasta przyjęła nowy budżet, który będzie finansował budowę mostu. Ten MOST jest ŁÓDZKI.
ru	Совет ГОРОДА утвердил новый бюджет, который будет финансировать мост. Этот МОСТ был построен давно.
END
cat >expect.all <<-\END
en	the:council:approved=1 has:approved:new=1 a:new:budget=1 will:fund:bridge=1 the:bridge=1
de	der:rat:neuen=1 hat:neuen:haushalt=1 einen:neuen:haushalt=1 der:brücke:finanzieren=1 die:brücke:finanzieren=1
fr	le:conseil:approuvé=1 a:approuvé:nouveau=1 un:nouveau:budget=1 le:pont=1
es	el:consejo:aprobado=1 ha:aprobado:nuevo=1 un:nuevo:presupuesto=1 el:puente=1
it	il:consiglio:approvato=1 ha:approvato:nuovo=1 un:nuovo:bilancio=1 il:ponte=1
pt	o:conselho:aprovado=1 tem:aprovado:novo=1 um:novo:orçamento=1 vai:financiar:ponte=1 a:ponte=1
nl	de:raad:nieuwe=1 heeft:nieuwe:begroting=1 een:nieuwe:begroting=1 de:brug:financieren=1 zal:financieren=1
sv	har:godkänt:ny=1 en:ny:budget=1 ska:finansiera:nya=1 den:nya:bron=1
pl	będzie:finansował:budowę=1 ten:most:łódzki=1 jest:łódzki=1
ru	будет:финансировать:мост=1 этот:мост:построен=1 был:построен:давно=1
END

for l in en de fr es it pt nl sv pl ru; do
	test_expect_success "-l $l: exact signatures of a sentence" "
		grep '^$l	' sentences >in &&
		grep '^$l	' expect.all >expect &&
		spotsig -l $l in >actual 2>err &&
		test_cmp expect actual &&
		test_must_be_empty err
	"
done

test_expect_success 'Italian: the passive auxiliary venire; Russian: the commonest prepositions, conjunctions and the negation' '
	printf "it\tIl file viene letto dalla shell.\n" >in &&
	spotsig -l it in >actual &&
	printf "it\til:file:letto=1 viene:letto:dalla=1\n" >expect &&
	test_cmp expect actual &&
	printf "ru\tФайл для настройки читается при запуске и не изменяется.\n" >in &&
	spotsig -l ru in >actual &&
	printf "ru\tдля:настройки:читается=1 и:изменяется=1 не:изменяется=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the default is -l auto' '
	spotsig sentences >default &&
	test_cmp expect.all default &&
	spotsig -l en sentences >en &&
	grep -c "	!short" en >count &&
	echo 7 >expect &&
	test_cmp expect count
'

test_expect_success 'a list is the union of its languages (order and case do not matter)' '
	printf "x\tDer Hund und le chien sont dans the garden.\n" >in &&
	spotsig -l de,FR in >actual &&
	printf "x\tder:hund:chien=1 le:chien:dans=1 sont:dans:the=1\n" >expect &&
	test_cmp expect actual &&
	spotsig -l fr,de,fr in >actual2 &&
	test_cmp expect actual2 &&
	spotsig --lang=de,fr in >actual3 &&
	test_cmp expect actual3
'

test_expect_success '-l auto chooses each document its own language' '
	spotsig -v -l auto sentences >actual 2>err &&
	test_cmp expect.all actual &&
	grep "languages: en 1, de 1, fr 1, es 1, it 1, pt 1, nl 1, sv 1, pl 1, ru 1$" err
'

test_expect_success '-l auto: most stopword occurrences win, a tie goes to the language listed first, none is English' '
	printf "a\tund und et le chat\nb\tet und le chat\nc\tder et chat\nd\tthe chat blanc\ne\tchat blanc noir\n" >in &&
	spotsig -v -m 0 -l auto in >actual 2>err &&
	printf "a\t\nb\tle:chat=1\nc\tder:et:chat=1\nd\tthe:chat:blanc=1\ne\t\n" >expect &&
	test_cmp expect actual &&
	grep "languages: en 2, de 2, fr 1$" err
'

test_expect_success '-l auto: a paragraph of eight stopwords or more takes its own language' '
	{
		printf "x\tDer Hund ist in dem Garten und die Katze ist auf dem Dach, aber der Vogel ist nicht da.\\\\n" &&
		printf "The dog is in the garden and the cat is on the roof, but the bird is not there.\\\\nThe end.\n"
	} >in &&
	spotsig -v in >actual 2>err &&
	printf "x\t%s %s %s\n" \
	    "der:hund:in=1 ist:in:garten=1 dem:garten:katze=1 die:katze:auf=1 ist:auf:dach=1" \
	    "dem:dach:vogel=1 der:vogel:dog=1 ist:dog:in=1 the:dog:in=1 is:in:garden=1 the:garden:cat=1" \
	    "the:cat:on=1 is:on:roof=1 the:roof:bird=1 the:bird:not=1 is:not:end=1 the:end=1" >expect &&
	test_cmp expect actual &&
	grep "languages: en 1; 1 paragraph in another language than the document$" err
'

test_expect_success '-l auto: a shorter paragraph takes the language of its document' '
	printf "y\tDer Hund.\\\\nThe dog is in the garden and the cat is on the roof, but the bird is not there.\n" >in &&
	spotsig in >actual &&
	printf "y\tthe:dog:in=1 is:in:garden=1 the:garden:cat=1 the:cat:on=1 is:on:roof=1 the:roof:bird=1 the:bird:not=1 is:not=1\n" >expect &&
	test_cmp expect actual &&
	spotsig -l de,en in >union &&
	grep -q "der:hund" union
'

test_expect_success '-a replaces the antecedents of every language, -S their stopwords' '
	printf "x\tDer Hund ist ein Tier und die Katze auch.\n" >in &&
	spotsig -l de -a ist in >actual &&
	printf "x\tist:tier:katze=1\n" >expect &&
	test_cmp expect actual &&
	printf "und\n" >stop &&
	spotsig -l auto -S stop in >actual &&
	printf "x\tder:hund:ist=1 ist:ein:tier=1 ein:tier:die=1 die:katze:auch=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an unknown language is a usage error that lists the known ones' '
	expect_error 2 "unknown language .xx..*auto.*en, de, fr, es, it, pt, nl, sv, pl, ru" \
	    spotsig -l xx sentences &&
	expect_error 2 "unknown language .auto." spotsig -l de,auto sentences &&
	expect_error 2 "unknown language ..\\s" spotsig -l de, sentences &&
	expect_error 2 "unknown language" spotsig -l "" sentences
'

test_expect_success 'the man page and --help name -l and every language' '
	spotsig --help >help &&
	grep -e "-l LANGS" help &&
	for l in en de fr es it pt nl sv pl ru; do grep -q "$l" help || return 1; done
'

test_done
