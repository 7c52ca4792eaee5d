/* spotsig's built-in languages (see langs.h).  The lists
 * were written for dupkit, shorter than the Snowball stop lists: the
 * closed classes (articles, pronouns, determiners, auxiliary and modal
 * verbs, conjunctions, the commonest adverbs and quantifiers) and the
 * infinitive marker, in the forms the standard reference grammar of each
 * language gives (spotsig(1), "Languages", names them).  As in the
 * English list, prepositions are left out, so chains take them, except
 * the French partitive articles du and des and the Russian antecedents.
 * The antecedents are the articles (or, where a language has none, the
 * demonstratives) and the commonest forms of the verbs that stand for be,
 * have, can, will and do; Italian adds the passive auxiliary venire, and
 * Russian, without articles or a present-tense copula, the commonest
 * words before a noun phrase or a verb in Lyashevskaya and Sharov's
 * frequency dictionary (2009): v, na, s, dlya, po, i, ne, chto, kak,
 * esli.  Those additions were kept for what they did on the manual-page
 * collections of tests/bench/lang.sh (spotsig(1) gives the figures). */
#include "langs.h"
#include "wordlist.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const de_ante[] = {
	"der", "die", "das", "den", "dem", "des",
	"ein", "eine", "einen", "einem", "einer", "eines",
	"ist", "sind", "war", "waren", "bin", "bist", "seid", "sein", "gewesen",
	"wäre", "wären",
	"hat", "haben", "habe", "hatte", "hatten", "gehabt", "hätte", "hätten",
	"kann", "können", "konnte", "konnten", "könnte", "könnten",
	"wird", "werden", "wurde", "wurden", "würde", "würden",
	NULL
};

static const char *const de_stop[] = {
	"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen",
	"einem", "einer", "eines", "ich", "du", "er", "sie", "es", "wir",
	"ihr", "mich", "dich", "sich", "uns", "euch", "mir", "dir", "ihm",
	"ihn", "ihnen", "mein", "meine", "meinen", "meinem", "meiner",
	"dein", "deine", "sein", "seine", "seinen", "seinem", "seiner",
	"seines", "ihre", "ihren", "ihrem", "ihrer", "ihres", "unser",
	"unsere", "unseren", "euer", "eure", "man", "jemand", "niemand",
	"etwas", "nichts", "alles", "alle", "allen", "jeder", "jede", "jedes",
	"jeden", "jedem", "dieser", "diese", "dieses", "diesen", "diesem",
	"jener", "jene", "welcher", "welche", "welches", "welchen", "wer",
	"was", "wo", "wann", "warum", "bin", "bist", "ist", "sind", "seid",
	"war", "warst", "waren", "wart", "gewesen", "wäre", "wären", "habe",
	"hast", "hat", "haben", "habt", "hatte", "hatten", "gehabt", "hätte",
	"hätten", "werde", "wirst", "wird", "werden", "werdet", "wurde",
	"wurden", "würde", "würden", "geworden", "worden", "kann", "kannst",
	"können", "könnt", "konnte", "konnten", "könnte", "könnten", "muss",
	"musst", "müssen", "musste", "mussten", "müsste", "soll", "sollen",
	"sollte", "sollten", "will", "willst", "wollen", "wollte", "wollten",
	"darf", "dürfen", "durfte", "mag", "möchte", "möchten", "und",
	"oder", "aber", "denn", "sondern", "dass", "ob", "wenn", "weil",
	"als", "wie", "da", "damit", "obwohl", "sowie", "bzw", "auch",
	"noch", "nur", "schon", "nicht", "kein", "keine", "keinen", "nie",
	"sehr", "so", "dann", "doch", "ja", "nein", "hier", "dort", "jetzt",
	"immer", "wieder", "mehr", "viel", "viele", "einige", "andere",
	"anderen", "sowohl", "weder", "zu",
	NULL
};

static const char *const fr_ante[] = {
	"le", "la", "les", "l", "un", "une", "des", "du",
	"est", "sont", "était", "étaient", "été", "être", "sera", "seront",
	"serait",
	"a", "ont", "avait", "avaient", "eu", "avoir", "aura", "auront",
	"aurait",
	"peut", "peuvent", "pouvait", "pourrait", "pourra",
	"va", "vont", "fait",
	NULL
};

static const char *const fr_stop[] = {
	"le", "la", "les", "l", "un", "une", "des", "du", "je", "j", "tu",
	"il", "elle", "on", "nous", "vous", "ils", "elles", "me", "m", "te",
	"t", "se", "s", "lui", "leur", "leurs", "moi", "toi", "soi", "y",
	"en", "ce", "c", "cet", "cette", "ces", "ceci", "cela", "ça", "celui",
	"celle", "ceux", "celles", "mon", "ma", "mes", "ton", "ta", "tes",
	"son", "sa", "ses", "notre", "nos", "votre", "vos", "qui", "que",
	"qu", "quoi", "dont", "où", "lequel", "laquelle", "lesquels",
	"quel", "quelle", "être", "suis", "es", "est", "sommes", "êtes",
	"sont", "étais", "était", "étions", "étaient", "été", "sera",
	"seront", "serait", "seraient", "soit", "avoir", "ai", "as", "a",
	"avons", "avez", "ont", "avais", "avait", "avaient", "eu", "aura",
	"auront", "aurait", "auraient", "peut", "peuvent", "peux",
	"pouvait", "pourrait", "pourra", "doit", "doivent", "devait", "va",
	"vont", "fait", "font", "et", "ou", "mais", "donc", "or", "ni",
	"car", "si", "comme", "quand", "lorsque", "puisque", "ne", "n",
	"pas", "plus", "non", "oui", "aussi", "très", "bien", "tout",
	"tous", "toute", "toutes", "même", "autre", "autres", "ainsi",
	"alors", "encore", "déjà", "toujours", "jamais", "souvent", "peu",
	"beaucoup", "trop", "ici", "là", "chaque", "quelque", "quelques",
	"rien", "personne",
	NULL
};

static const char *const es_ante[] = {
	"el", "la", "los", "las", "un", "una", "unos", "unas", "lo",
	"es", "son", "era", "eran", "fue", "fueron", "ser", "sido", "será",
	"serán", "sería",
	"está", "están", "estaba", "estaban",
	"ha", "han", "había", "habían", "hay", "haber", "habrá",
	"puede", "pueden", "podía", "podría",
	"va", "van",
	NULL
};

static const char *const es_stop[] = {
	"el", "la", "los", "las", "lo", "un", "una", "unos", "unas", "yo",
	"tú", "él", "ella", "ello", "nosotros", "nosotras", "vosotros",
	"ellos", "ellas", "usted", "ustedes", "me", "te", "se", "nos", "os",
	"le", "les", "mi", "mis", "tu", "tus", "su", "sus", "nuestro",
	"nuestra", "nuestros", "nuestras", "este", "esta", "estos", "estas",
	"esto", "ese", "esa", "esos", "esas", "eso", "aquel", "aquella",
	"que", "qué", "quien", "quienes", "cual", "cuales", "cuyo", "donde",
	"cuando", "como", "cómo", "ser", "soy", "eres", "es", "somos", "son",
	"era", "eran", "fue", "fueron", "sido", "será", "serán", "sería",
	"sea", "sean", "estar", "estoy", "está", "están", "estaba",
	"estaban", "estado", "he", "has", "ha", "hemos", "han", "había",
	"habían", "hay", "haber", "habido", "habrá", "haya", "puede",
	"pueden", "podía", "podría", "pudo", "debe", "deben", "va", "van",
	"hace", "hacen", "y", "e", "o", "u", "ni", "pero", "sino", "aunque",
	"porque", "pues", "si", "no", "sí", "ya", "muy", "más", "menos",
	"también", "tampoco", "siempre", "nunca", "aquí", "allí", "así",
	"todo", "toda", "todos", "todas", "otro", "otra", "otros", "otras",
	"mismo", "misma", "cada", "algo", "nada", "alguien", "nadie",
	"algún", "alguna", "alguno", "algunos", "algunas", "tan", "tanto",
	NULL
};

static const char *const it_ante[] = {
	"il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una",
	"è", "sono", "era", "erano", "fu", "stato", "stata", "stati",
	"essere", "sarà", "sarebbe",
	"ha", "hanno", "ho", "aveva", "avevano", "avuto", "avere",
	"può", "possono", "poteva", "potrebbe",
	"viene", "vengono", "veniva", "venivano", "venire",
	NULL
};

static const char *const it_stop[] = {
	"il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una", "viene",
	"vengono", "veniva", "venivano", "venire", "io",
	"tu", "lui", "lei", "egli", "ella", "noi", "voi", "loro", "mi", "ti",
	"si", "ci", "vi", "ne", "me", "te", "se", "sé", "mio", "mia", "miei",
	"mie", "tuo", "tua", "tuoi", "tue", "suo", "sua", "suoi", "sue",
	"nostro", "nostra", "nostri", "nostre", "vostro", "vostra",
	"questo", "questa", "questi", "queste", "quest", "quello",
	"quella", "quelli", "quelle", "quel", "quell", "che", "chi", "cui",
	"quale", "quali", "dove", "quando", "come", "c", "essere", "sono",
	"sei", "è", "siamo", "siete", "era", "erano", "fu", "furono",
	"stato", "stata", "stati", "state", "sarà", "saranno", "sarebbe",
	"sia", "siano", "avere", "ho", "hai", "ha", "abbiamo", "avete",
	"hanno", "aveva", "avevano", "avuto", "avrà", "avrebbe", "abbia",
	"può", "possono", "poteva", "potrebbe", "deve", "devono", "e", "ed",
	"o", "od", "ma", "però", "anche", "perché", "mentre", "quindi", "né",
	"non", "più", "molto", "poco", "già", "ancora", "sempre", "mai",
	"qui", "così", "tutto", "tutta", "tutti", "tutte", "altro", "altra",
	"altri", "altre", "stesso", "stessa", "ogni", "ciascuno", "qualche",
	"nulla", "niente", "tanto", "troppo", "sì",
	NULL
};

static const char *const pt_ante[] = {
	"o", "a", "os", "as", "um", "uma", "uns", "umas",
	"é", "são", "era", "eram", "foi", "foram", "ser", "sido", "será",
	"seria",
	"está", "estão", "estava", "estavam",
	"tem", "têm", "tinha", "tinham", "teve", "ter", "há", "havia",
	"pode", "podem", "podia", "poderia",
	"vai", "vão",
	NULL
};

static const char *const pt_stop[] = {
	"o", "a", "os", "as", "um", "uma", "uns", "umas", "eu", "tu", "ele",
	"ela", "nós", "vós", "eles", "elas", "você", "vocês", "me", "te",
	"se", "nos", "vos", "lhe", "lhes", "meu", "minha", "meus", "minhas",
	"teu", "tua", "seu", "sua", "seus", "suas", "nosso", "nossa",
	"nossos", "nossas", "este", "esta", "estes", "estas", "isto",
	"esse", "essa", "esses", "essas", "isso", "aquele", "aquela",
	"aqueles", "aquelas", "aquilo", "que", "quem", "qual", "quais",
	"cujo", "onde", "quando", "como", "ser", "sou", "é", "somos", "são",
	"era", "eram", "foi", "foram", "sido", "será", "serão", "seria",
	"seja", "sejam", "estar", "estou", "está", "estão", "estava",
	"estavam", "estado", "ter", "tenho", "tem", "têm", "tinha",
	"tinham", "teve", "tido", "terá", "há", "havia", "houve", "pode",
	"podem", "podia", "poderia", "deve", "devem", "vai", "vão", "faz",
	"fazem", "e", "ou", "mas", "nem", "porque", "pois", "se", "não",
	"sim", "já", "muito", "mais", "menos", "também", "sempre", "nunca",
	"aqui", "ali", "assim", "todo", "toda", "todos", "todas", "outro",
	"outra", "outros", "outras", "mesmo", "mesma", "cada", "algo",
	"nada", "alguém", "ninguém", "algum", "alguma", "alguns",
	"algumas", "tão", "tanto",
	NULL
};

static const char *const nl_ante[] = {
	"de", "het", "een", "t",
	"is", "zijn", "was", "waren", "ben", "bent", "geweest",
	"heeft", "hebben", "had", "hadden", "heb", "gehad",
	"kan", "kunnen", "kon", "konden",
	"zal", "zullen", "zou", "zouden",
	"wordt", "worden", "werd", "werden",
	"doet", "doen", "deed",
	NULL
};

static const char *const nl_stop[] = {
	"de", "het", "een", "t", "ik", "jij", "je", "u", "hij", "zij", "ze",
	"wij", "we", "jullie", "mij", "me", "hem", "haar", "ons", "hen",
	"hun", "zich", "mijn", "jouw", "zijn", "uw", "onze", "deze", "dit",
	"die", "dat", "wie", "wat", "welke", "waar", "wanneer", "hoe", "ben",
	"bent", "is", "was", "waren", "geweest", "heb", "hebt", "heeft",
	"hebben", "had", "hadden", "gehad", "kan", "kunt", "kunnen", "kon",
	"konden", "zal", "zult", "zullen", "zou", "zouden", "wordt",
	"worden", "werd", "werden", "moet", "moeten", "moest", "wil",
	"willen", "wilde", "mag", "mogen", "doe", "doet", "doen", "deed",
	"en", "of", "maar", "want", "dus", "omdat", "als", "dan", "toen",
	"terwijl", "hoewel", "niet", "geen", "wel", "ook", "nog", "al", "er",
	"hier", "daar", "nu", "zo", "zeer", "heel", "veel", "meer",
	"minder", "alle", "alles", "iets", "niets", "iemand", "niemand",
	"elk", "elke", "ieder", "andere", "ander", "enkele", "te",
	NULL
};

static const char *const sv_ante[] = {
	"en", "ett", "den", "det", "de",
	"är", "var", "varit", "vara",
	"har", "hade", "haft",
	"kan", "kunde",
	"ska", "skall", "skulle", "vill", "ville",
	"blir", "blev", "gör", "gjorde",
	NULL
};

static const char *const sv_stop[] = {
	"en", "ett", "den", "det", "de", "dem", "denna", "detta", "dessa",
	"jag", "du", "han", "hon", "vi", "ni", "mig", "dig", "honom",
	"henne", "oss", "er", "sig", "min", "mitt", "mina", "din", "ditt",
	"dina", "hans", "hennes", "dess", "vår", "vårt", "våra", "ert",
	"era", "deras", "sin", "sitt", "sina", "som", "vem", "vad",
	"vilken", "vilket", "vilka", "var", "där", "när", "hur", "är",
	"varit", "vara", "har", "hade", "haft", "ha", "kan", "kunde",
	"kunnat", "kunna", "ska", "skall", "skulle", "vill", "ville",
	"måste", "blir", "blev", "blivit", "bli", "gör", "gjorde", "gjort",
	"göra", "och", "eller", "men", "utan", "att", "om", "eftersom", "då",
	"så", "medan", "inte", "ej", "ju", "nog", "också", "även", "bara",
	"redan", "ännu", "alltid", "aldrig", "här", "nu", "mycket", "mer",
	"mest", "mindre", "många", "alla", "allt", "något", "någon",
	"några", "inget", "ingen", "inga", "annan", "annat", "andra",
	"samma", "varje", "sådan", "sådant",
	NULL
};

static const char *const pl_ante[] = {
	"ten", "ta", "to", "te", "tego", "tej", "tym",
	"jest", "są", "był", "była", "było", "byli", "były", "być",
	"będzie", "będą",
	"ma", "mają", "miał", "miała", "mieli",
	"może", "mogą", "mógł", "mogła", "można",
	"został", "została", "zostało", "zostały", "zostanie",
	"się",
	NULL
};

static const char *const pl_stop[] = {
	"ja", "ty", "on", "ona", "ono", "my", "wy", "oni", "one", "mnie",
	"mi", "mną", "ciebie", "cię", "tobie", "ci", "go", "jego", "mu",
	"nim", "niego", "niej", "jej", "ją", "nas", "nam", "nami", "was",
	"wam", "ich", "im", "nich", "nimi", "się", "siebie", "sobie", "mój",
	"moja", "moje", "moi", "twój", "twoja", "twoje", "swój", "swoja",
	"swoje", "swoich", "swoim", "nasz", "nasza", "nasze", "wasz",
	"wasza", "ten", "ta", "to", "te", "tego", "tej", "tym", "temu", "tę",
	"tych", "tymi", "tamten", "tamta", "który", "która", "które",
	"którego", "której", "którym", "których", "co", "czego", "czym",
	"kto", "kogo", "kim", "gdzie", "kiedy", "jak", "jaki", "jaka",
	"jakie", "być", "jestem", "jesteś", "jest", "jesteśmy", "są", "był",
	"była", "było", "byli", "były", "będzie", "będą", "będę", "mieć",
	"mam", "masz", "ma", "mają", "miał", "miała", "miało", "mieli",
	"miały", "może", "mogą", "mógł", "mogła", "można", "musi", "muszą",
	"trzeba", "został", "została", "zostało", "zostały", "zostali",
	"zostanie", "i", "a", "oraz", "lub", "albo", "ale", "lecz", "że",
	"żeby", "aby", "bo", "ponieważ", "jeśli", "jeżeli", "gdy", "czy",
	"więc", "również", "także", "też", "nie", "tak", "już", "jeszcze",
	"tylko", "bardzo", "bardziej", "wszystko", "wszyscy", "wszystkie",
	"każdy", "każda", "każde", "inny", "inna", "inne", "innych", "coś",
	"nic", "ktoś", "nikt", "tu", "tam", "teraz", "zawsze", "nigdy", "by",
	"bym",
	NULL
};

static const char *const ru_ante[] = {
	"этот", "эта", "это", "эти", "тот", "та", "то", "те",
	"был", "была", "было", "были", "быть", "будет", "будут", "есть",
	"является", "являются",
	"имеет", "имеют",
	"может", "могут", "мог", "могла", "могли", "можно",
	"стал", "стала", "стало", "стали",
	"в", "на", "с", "для", "по", "и", "не", "что", "как", "если",
	NULL
};

static const char *const ru_stop[] = {
	"в", "на", "с", "для", "по",
	"я", "ты", "он", "она", "оно", "мы", "вы", "они", "меня", "мне",
	"мной", "тебя", "тебе", "его", "ему", "им", "него", "нему", "ним",
	"ее", "её", "ей", "ней", "нее", "неё", "нас", "нам", "нами", "вас",
	"вам", "ими", "их", "них", "ними", "себя", "себе", "собой", "мой",
	"моя", "моё", "мое", "мои", "твой", "твоя", "свой", "своя", "своё",
	"свое", "свои", "своих", "наш", "наша", "наше", "наши", "ваш",
	"ваша", "этот", "эта", "это", "эти", "этого", "этой", "этом", "этим",
	"этих", "тот", "та", "то", "те", "того", "той", "том", "тем", "тех",
	"который", "которая", "которое", "которые", "которого", "которой",
	"котором", "которых", "что", "чего", "чем", "кто", "кого", "где",
	"когда", "как", "какой", "какая", "какие", "быть", "был", "была",
	"было", "были", "будет", "будут", "буду", "есть", "является",
	"являются", "имеет", "имеют", "может", "могут", "мог", "могла",
	"могли", "можно", "нужно", "надо", "должен", "должна", "должны",
	"стал", "стала", "стало", "стали", "и", "а", "но", "или", "да",
	"чтобы", "если", "потому", "поэтому", "хотя", "также", "тоже", "ли",
	"не", "ни", "нет", "уже", "ещё", "еще", "только", "очень", "более",
	"так", "вот", "здесь", "там", "теперь", "всегда", "никогда", "все",
	"всё", "весь", "вся", "всего", "всех", "всем", "каждый", "другой",
	"другие", "другая", "сам", "сама", "само", "сами", "ничего", "бы",
	"же",
	NULL
};

const dk_lang dk_langs[] = {
	{ "en", "English", dk_default_antecedents, dk_english_stopwords },
	{ "de", "German", de_ante, de_stop },
	{ "fr", "French", fr_ante, fr_stop },
	{ "es", "Spanish", es_ante, es_stop },
	{ "it", "Italian", it_ante, it_stop },
	{ "pt", "Portuguese", pt_ante, pt_stop },
	{ "nl", "Dutch", nl_ante, nl_stop },
	{ "sv", "Swedish", sv_ante, sv_stop },
	{ "pl", "Polish", pl_ante, pl_stop },
	{ "ru", "Russian", ru_ante, ru_stop },
};
const size_t dk_nlangs = sizeof dk_langs / sizeof dk_langs[0];

const dk_lang *
dk_lang_find(const char *code, size_t n)
{
	size_t i;

	for (i = 0; i < dk_nlangs; i++)
		if (strlen(dk_langs[i].code) == n && strncasecmp(dk_langs[i].code, code, n) == 0)
			return &dk_langs[i];
	return NULL;
}

const char *
dk_lang_codes(void)
{
	static char buf[8 * sizeof dk_langs / sizeof dk_langs[0] + 1];
	size_t i;

	if (!buf[0])
		for (i = 0; i < dk_nlangs; i++) {
			if (i)
				strcat(buf, ", ");
			strcat(buf, dk_langs[i].code);
		}
	return buf;
}
