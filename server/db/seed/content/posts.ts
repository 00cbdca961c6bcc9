import type { CategoryKey, TagKey } from './terms.ts';
import type { Localized } from './types.ts';

export type PostText = { title: string; slug: string; excerpt: string; body: string };

export type PostSeed = {
  key: string;
  category: CategoryKey;
  tags: TagKey[];
  /** Days before the seed runs; spreads the blog over the past year. */
  daysAgo: number;
  palette: 'sunrise' | 'meadow' | 'sky' | 'lavender' | 'coral' | 'honey';
  text: Localized<PostText>;
};

/** Blog posts of the demo site. Bodies are the HTML the sanitizer keeps: h2, h3, p, ul, ol, li, strong, em, a. */
export const blogPosts: PostSeed[] = [
  {
    key: 'resilient-child-meaning',
    category: 'resilience',
    tags: ['emotions', 'tips'],
    daysAgo: 12,
    palette: 'sunrise',
    text: {
      hr: {
        title: 'Što zapravo znači otporno dijete?',
        slug: 'sto-znaci-otporno-dijete',
        excerpt:
          'Otpornost nije osobina s kojom se dijete rodi ili ne rodi. To je skup vještina koje se uče, a roditelji su najvažniji učitelji.',
        body: `<p>Kad čujemo riječ <strong>otpornost</strong>, mnogi zamisle dijete koje ne plače, ne odustaje i ništa ga ne može pokolebati. Stvarnost je drukčija: otporno dijete itekako osjeća tugu, ljutnju i strah, ali se iz tih stanja s vremenom uspijeva vratiti i nastaviti dalje.</p>
<h2>Otpornost se uči</h2>
<p>Istraživanja razvoja djece već desetljećima pokazuju da otpornost nije urođena crta ličnosti, nego rezultat odnosa i iskustava. Najvažniji zaštitni čimbenik je barem jedna stabilna, topla i pouzdana odrasla osoba u djetetovu životu.</p>
<h2>Tri stupa otpornosti</h2>
<ul>
<li><strong>Povezanost</strong> – dijete zna da se ima kome obratiti kad mu je teško.</li>
<li><strong>Osjećaj kompetencije</strong> – dijete ima prilike samo rješavati primjerene izazove.</li>
<li><strong>Regulacija emocija</strong> – dijete postupno uči prepoznati i imenovati ono što osjeća.</li>
</ul>
<p>Ništa od toga ne zahtijeva skupe programe. Zajednički obrok bez mobitela, pitanje »Što ti je danas bilo najteže?« i strpljenje dok dijete samo zakopčava jaknu grade otpornost svaki dan.</p>
<p>Na našim radionicama <em>Otporno dijete</em> roditelji kroz primjere iz vlastite svakodnevice vježbaju upravo te male korake. Pridružite nam se na sljedećem susretu.</p>`,
      },
      en: {
        title: 'What does a resilient child really mean?',
        slug: 'what-is-a-resilient-child',
        excerpt:
          'Resilience is not a trait a child is either born with or without. It is a set of skills that can be learned, and parents are the most important teachers.',
        body: `<p>When we hear the word <strong>resilience</strong>, many of us picture a child who never cries, never gives up and cannot be shaken. The reality is different: a resilient child feels sadness, anger and fear just like anyone else, but over time learns to recover from them and carry on.</p>
<h2>Resilience is learned</h2>
<p>Decades of research on child development show that resilience is not an inborn personality trait but the result of relationships and experiences. The most important protective factor is at least one stable, warm and reliable adult in the child's life.</p>
<h2>Three pillars of resilience</h2>
<ul>
<li><strong>Connection</strong> – the child knows there is someone to turn to when things are hard.</li>
<li><strong>A sense of competence</strong> – the child gets to solve age-appropriate challenges on their own.</li>
<li><strong>Emotional regulation</strong> – the child gradually learns to recognise and name what they feel.</li>
</ul>
<p>None of this requires expensive programmes. A shared meal without phones, the question “What was the hardest thing today?” and patience while your child zips up their own jacket build resilience every single day.</p>
<p>In our <em>Resilient Child</em> workshops parents practise exactly these small steps using examples from their own lives. Join us at the next meeting.</p>`,
      },
    },
  },
  {
    key: 'talking-about-failure',
    category: 'resilience',
    tags: ['emotions', 'school'],
    daysAgo: 41,
    palette: 'coral',
    text: {
      hr: {
        title: 'Kako razgovarati s djetetom o neuspjehu',
        slug: 'kako-razgovarati-o-neuspjehu',
        excerpt:
          'Loša ocjena, izgubljena utakmica, neuspjeli crtež. Način na koji reagiramo uči dijete što neuspjeh znači.',
        body: `<p>Svako dijete prije ili kasnije doživi neuspjeh. Pitanje nije hoće li se to dogoditi, nego što će dijete iz toga zaključiti: <em>»Nisam dovoljno dobar«</em> ili <em>»Ovaj put nije uspjelo, pokušat ću drukčije«</em>.</p>
<h2>Prvo emocija, onda rješenje</h2>
<p>Kad je dijete razočarano, prirodno je da ga želimo odmah utješiti ili mu ponuditi rješenje. Ipak, djetetu najprije treba potvrda da je njegov osjećaj razumljiv. Rečenica »Vidim da si jako razočaran, toliko si vježbao« često otvara više vrata od bilo kakvog savjeta.</p>
<h2>Što pomaže</h2>
<ul>
<li>Hvalite trud, strategiju i ustrajnost, a ne samo rezultat.</li>
<li>Ispričajte djetetu o vlastitom neuspjehu i o tome što ste naučili.</li>
<li>Zajedno napravite plan: što bi sljedeći put moglo biti drukčije?</li>
<li>Izbjegavajte usporedbe s braćom, sestrama ili prijateljima.</li>
</ul>
<p>Djeca koja neuspjeh dožive kao dio učenja, a ne kao presudu o sebi, spremnije prihvaćaju nove izazove. Zato vrijedi strpljivo ponavljati poruku da je pogreška informacija, a ne kazna.</p>`,
      },
      en: {
        title: 'Talking to your child about failure',
        slug: 'talking-about-failure',
        excerpt:
          'A bad grade, a lost match, a drawing that did not turn out. How we react teaches a child what failure means.',
        body: `<p>Every child experiences failure sooner or later. The question is not whether it will happen but what the child concludes from it: <em>“I'm not good enough”</em> or <em>“It didn't work this time, I'll try something different.”</em></p>
<h2>Feelings first, solutions second</h2>
<p>When a child is disappointed it is natural to want to comfort them straight away or offer a fix. Yet what a child needs first is to hear that the feeling makes sense. “I can see you're really disappointed, you practised so much” often opens more doors than any advice.</p>
<h2>What helps</h2>
<ul>
<li>Praise effort, strategy and persistence, not only the result.</li>
<li>Tell your child about a failure of your own and what you learned from it.</li>
<li>Make a plan together: what could be different next time?</li>
<li>Avoid comparisons with siblings or friends.</li>
</ul>
<p>Children who experience failure as part of learning rather than a verdict on who they are take on new challenges more readily. That is why it is worth patiently repeating that a mistake is information, not punishment.</p>`,
      },
    },
  },
  {
    key: 'workshop-resilience-notes',
    category: 'resilience',
    tags: ['from-workshops', 'family'],
    daysAgo: 56,
    palette: 'honey',
    text: {
      hr: {
        title: 'S radionice: što su roditelji naučili o otpornosti',
        slug: 's-radionice-roditelji-o-otpornosti',
        excerpt:
          'Dvadeset roditelja, tri večeri i puno iskrenih razgovora. Izdvojili smo ono što su sudionici ponijeli kući.',
        body: `<p>Proljetni ciklus radionica <strong>Otporno dijete</strong> okupio je dvadesetak roditelja djece od tri do deset godina. Kroz tri večeri razgovarali smo o strahovima, svađama među braćom i sestrama i o tome kako ostati miran kad sve ide naopako.</p>
<h2>Najčešća pitanja roditelja</h2>
<ol>
<li>Kako reagirati kad dijete kaže »Ne mogu, preteško je«?</li>
<li>Smijem li pokazati djetetu da sam i ja tužan ili zabrinut?</li>
<li>Koliko pomagati s domaćom zadaćom, a koliko pustiti dijete da se samo snađe?</li>
</ol>
<h2>Što su sudionici ponijeli kući</h2>
<p>Većina roditelja istaknula je vježbu »stanka od deset sekundi«: prije nego što reagiramo na djetetov ispad, udahnemo i nazovemo u sebi ono što vidimo. Jedna mama napisala je u evaluaciji da je to prvi tjedan u kojem jutra nisu završavala vikom.</p>
<p>Zahvaljujemo svim roditeljima na povjerenju i otvorenosti. Sljedeći ciklus počinje na jesen, a prijave su već otvorene.</p>`,
      },
      en: {
        title: 'From the workshop: what parents learned about resilience',
        slug: 'workshop-notes-parents-on-resilience',
        excerpt:
          'Twenty parents, three evenings and a lot of honest conversation. Here is what participants took home.',
        body: `<p>The spring series of <strong>Resilient Child</strong> workshops brought together about twenty parents of children aged three to ten. Over three evenings we talked about fears, sibling fights and how to stay calm when everything goes wrong.</p>
<h2>The questions parents asked most</h2>
<ol>
<li>How should I react when my child says “I can't, it's too hard”?</li>
<li>Is it all right to show my child that I'm sad or worried too?</li>
<li>How much should I help with homework, and when should I let them figure it out?</li>
</ol>
<h2>What participants took home</h2>
<p>Most parents singled out the “ten-second pause”: before reacting to a child's outburst, take a breath and silently name what you see. One mother wrote in her feedback that it was the first week in which mornings did not end in shouting.</p>
<p>We thank all the parents for their trust and openness. The next series starts in the autumn and registration is already open.</p>`,
      },
    },
  },
  {
    key: 'evening-routine',
    category: 'early-development',
    tags: ['sleep', 'family'],
    daysAgo: 67,
    palette: 'lavender',
    text: {
      hr: {
        title: 'Večernja rutina koja smiruje cijelu obitelj',
        slug: 'vecernja-rutina',
        excerpt:
          'Predvidljiva večer pomaže djeci da lakše zaspu, a roditeljima da dan završe bez borbe. Evo kako je složiti.',
        body: `<p>Mala djeca vole predvidljivost. Kad svake večeri slijede isti koraci istim redom, tijelo i mozak dobivaju jasan signal da se dan bliži kraju. Rutina ne mora biti savršena, ali treba biti dosljedna.</p>
<h2>Primjer večernje rutine</h2>
<ol>
<li>Lagana večera i pospremanje igračaka zajedno.</li>
<li>Kupanje ili umivanje toplom vodom.</li>
<li>Pidžama, pranje zubi i odlazak na WC.</li>
<li>Jedna ili dvije slikovnice u krevetu.</li>
<li>Kratak razgovor o lijepom trenutku dana i laku noć.</li>
</ol>
<h2>Ekrani i svjetlo</h2>
<p>Barem sat vremena prije spavanja isključite televiziju i tablete. Jako plavo svjetlo i uzbudljiv sadržaj otežavaju uspavljivanje, a mirna igra ili čitanje djeluju suprotno.</p>
<p>Ako dijete dugo ne može zaspati ili se često budi, zapišite tjedan dana koliko spava i kada. Takav dnevnik pomaže i vama i pedijatru da lakše uoči obrazac.</p>`,
      },
      en: {
        title: 'An evening routine that calms the whole family',
        slug: 'evening-routine',
        excerpt:
          'A predictable evening helps children fall asleep more easily and helps parents end the day without a battle. Here is how to build one.',
        body: `<p>Young children love predictability. When the same steps follow in the same order every evening, body and brain get a clear signal that the day is coming to an end. The routine does not have to be perfect, but it does need to be consistent.</p>
<h2>An example evening routine</h2>
<ol>
<li>A light dinner and tidying up toys together.</li>
<li>A bath or a wash with warm water.</li>
<li>Pyjamas, brushing teeth and a trip to the toilet.</li>
<li>One or two picture books in bed.</li>
<li>A short chat about a nice moment from the day, then good night.</li>
</ol>
<h2>Screens and light</h2>
<p>Switch off the television and tablets at least an hour before bed. Bright blue light and exciting content make it harder to fall asleep, while quiet play or reading has the opposite effect.</p>
<p>If your child takes a long time to fall asleep or wakes often, keep a week-long note of when and how long they sleep. A sleep diary helps both you and your paediatrician spot a pattern.</p>`,
      },
    },
  },
  {
    key: 'first-thousand-days',
    category: 'early-development',
    tags: ['play', 'tips'],
    daysAgo: 96,
    palette: 'meadow',
    text: {
      hr: {
        title: 'Prvih tisuću dana: zašto su toliko važni',
        slug: 'prvih-tisucu-dana',
        excerpt:
          'Od začeća do druge godine mozak se razvija brže nego ikad poslije. Dobra vijest: za to ne trebaju posebne igračke.',
        body: `<p>Razdoblje od začeća do djetetova drugog rođendana stručnjaci nazivaju <strong>prvih tisuću dana</strong>. U to vrijeme u mozgu se svake sekunde stvaraju nove veze među živčanim stanicama, a iskustva iz okoline određuju koje će se od njih učvrstiti.</p>
<h2>Odnos je najvažnija »igračka«</h2>
<p>Razvoj najviše potiče ono što stručnjaci zovu <em>servis i povratni udarac</em>: beba nešto »kaže« pogledom, zvukom ili pokretom, a odrasla osoba odgovori. Takve izmjene, ponovljene tisućama puta, grade temelje govora, pažnje i samoregulacije.</p>
<h2>Jednostavne ideje za svaki dan</h2>
<ul>
<li>Opisujte naglas što radite: »Sad ćemo obući plavu čarapu.«</li>
<li>Pjevajte, recitirajte brojalice i ponavljajte ih.</li>
<li>Dajte bebi vremena na trbuhu i slobodu kretanja na podu.</li>
<li>Kad beba pokaže prstom, imenujte ono što pokazuje.</li>
</ul>
<p>Ne postoji savršen roditelj i ne morate stalno »poticati razvoj«. Dovoljno je biti prisutan, odgovarati na djetetove signale i uživati u zajedničkim trenucima.</p>`,
      },
      en: {
        title: 'The first thousand days: why they matter so much',
        slug: 'the-first-thousand-days',
        excerpt:
          'From conception to age two the brain develops faster than at any time after. The good news: it needs no special toys.',
        body: `<p>Experts call the period from conception to a child's second birthday <strong>the first thousand days</strong>. During this time new connections between nerve cells form every second, and experiences decide which of them become stronger.</p>
<h2>The relationship is the most important “toy”</h2>
<p>Development is driven above all by what experts call <em>serve and return</em>: a baby “says” something with a look, a sound or a gesture, and an adult responds. Repeated thousands of times, these exchanges lay the foundations of language, attention and self-regulation.</p>
<h2>Simple ideas for every day</h2>
<ul>
<li>Describe out loud what you are doing: “Now let's put on the blue sock.”</li>
<li>Sing, recite nursery rhymes and repeat them.</li>
<li>Give your baby tummy time and the freedom to move on the floor.</li>
<li>When your baby points, name what they are pointing at.</li>
</ul>
<p>There is no perfect parent, and you do not need to “stimulate development” all the time. Being present, responding to your child's signals and enjoying time together is enough.</p>`,
      },
    },
  },
  {
    key: 'learning-through-play',
    category: 'early-development',
    tags: ['play', 'kindergarten'],
    daysAgo: 131,
    palette: 'sky',
    text: {
      hr: {
        title: 'Igra je ozbiljan posao: učenje kroz igru u predškolskoj dobi',
        slug: 'ucenje-kroz-igru',
        excerpt:
          'Dok gradi kulu od kocaka ili kuha »juhu« od pijeska, dijete uči matematiku, jezik i suradnju. Kako igru podržati, a ne preuzeti?',
        body: `<p>Odraslima se igra ponekad čini kao odmor od učenja. Za predškolsko dijete igra <strong>jest</strong> učenje. U slobodnoj igri dijete isprobava ideje, rješava probleme, pregovara s drugima i uči podnositi frustraciju kad se kula sruši.</p>
<h2>Vrste igre koje vrijedi njegovati</h2>
<ul>
<li><strong>Simbolička igra</strong> – igra uloga, trgovina, liječnik, kuhanje.</li>
<li><strong>Konstrukcijska igra</strong> – kocke, lego, kutije, pijesak.</li>
<li><strong>Pokretna igra</strong> – trčanje, penjanje, skrivača.</li>
<li><strong>Igre s pravilima</strong> – jednostavne društvene igre od četvrte godine.</li>
</ul>
<h2>Uloga roditelja</h2>
<p>Najbolje je pratiti dijete, a ne voditi ga. Sjednite na pod, promatrajte i uključite se u ulozi koju vam dijete ponudi. Pitanja poput »Što će se sad dogoditi?« potiču maštu više od uputa kako se nešto »pravilno« radi.</p>
<p>Ne trebaju vam skupe edukativne igračke. Kartonska kutija, drvena kuhača i nekoliko krpica često potaknu dulju i bogatiju igru od igračke koja svijetli i svira.</p>`,
      },
      en: {
        title: 'Play is serious work: learning through play in the preschool years',
        slug: 'learning-through-play',
        excerpt:
          'Building a tower of blocks or cooking “soup” from sand, a child learns maths, language and cooperation. How do we support play without taking it over?',
        body: `<p>To adults, play can look like a break from learning. For a preschool child, play <strong>is</strong> learning. In free play a child tests ideas, solves problems, negotiates with others and learns to tolerate frustration when the tower falls down.</p>
<h2>Kinds of play worth nurturing</h2>
<ul>
<li><strong>Pretend play</strong> – role play, shops, doctors, cooking.</li>
<li><strong>Construction play</strong> – blocks, bricks, boxes, sand.</li>
<li><strong>Active play</strong> – running, climbing, hide and seek.</li>
<li><strong>Games with rules</strong> – simple board games from about age four.</li>
</ul>
<h2>The parent's role</h2>
<p>It is best to follow rather than lead. Sit on the floor, watch and join in with whatever role your child offers you. Questions like “What happens next?” spark more imagination than instructions on the “right” way to do something.</p>
<p>You do not need expensive educational toys. A cardboard box, a wooden spoon and a few scraps of fabric often lead to longer, richer play than a toy that lights up and plays music.</p>`,
      },
    },
  },
  {
    key: 'reading-aloud',
    category: 'reading',
    tags: ['picture-books', 'family'],
    daysAgo: 21,
    palette: 'honey',
    text: {
      hr: {
        title: 'Čitanje naglas od prvog dana',
        slug: 'citanje-naglas-od-prvog-dana',
        excerpt:
          'Beba ne razumije priču, ali razumije vaš glas, blizinu i ritam rečenica. Zašto početi čitati odmah?',
        body: `<p>Mnogi roditelji misle da čitanje ima smisla tek kad dijete počne razumijevati priču. Zapravo, čitanje naglas koristi i novorođenčetu: beba sluša melodiju jezika, uči prepoznavati glasove i povezuje knjigu s toplinom i blizinom.</p>
<h2>Što dijete dobiva čitanjem</h2>
<ul>
<li>bogatiji rječnik nego u svakodnevnom govoru</li>
<li>dulju pažnju i bolju koncentraciju</li>
<li>prve susrete s pričom, slijedom događaja i osjećajima likova</li>
<li>zajedničko vrijeme bez ometanja</li>
</ul>
<h2>Kako čitati s malom djecom</h2>
<p>Ne morate pročitati svaku riječ. Pokazujte slike, imenujte predmete, mijenjajte glas za različite likove i pustite dijete da okreće stranice. Ako dijete svaku večer želi istu slikovnicu, to je sasvim u redu: ponavljanje je način na koji mala djeca uče.</p>
<p>Deset minuta dnevno dovoljno je za početak. Važnije od duljine je da čitanje postane dio dana kojem se dijete veseli.</p>`,
      },
      en: {
        title: 'Reading aloud from day one',
        slug: 'reading-aloud-from-day-one',
        excerpt:
          'A baby does not understand the story, but does understand your voice, closeness and the rhythm of sentences. Why start reading straight away?',
        body: `<p>Many parents think reading only makes sense once a child can follow a story. In fact reading aloud benefits even a newborn: the baby hears the melody of language, learns to recognise sounds and links books with warmth and closeness.</p>
<h2>What a child gains from reading</h2>
<ul>
<li>a richer vocabulary than everyday speech offers</li>
<li>a longer attention span and better concentration</li>
<li>a first experience of stories, sequences of events and characters' feelings</li>
<li>time together without distractions</li>
</ul>
<h2>How to read with young children</h2>
<p>You do not have to read every word. Point at pictures, name things, use different voices for different characters and let your child turn the pages. If your child wants the same book every night, that is perfectly fine: repetition is how young children learn.</p>
<p>Ten minutes a day is enough to start. More important than length is that reading becomes a part of the day your child looks forward to.</p>`,
      },
    },
  },
  {
    key: 'choosing-picture-books',
    category: 'reading',
    tags: ['picture-books', 'tips'],
    daysAgo: 152,
    palette: 'coral',
    text: {
      hr: {
        title: 'Kako odabrati dobru slikovnicu',
        slug: 'kako-odabrati-slikovnicu',
        excerpt:
          'Police knjižara pune su šarenih naslova. Nekoliko pitanja pomoći će vam da prepoznate slikovnicu koja će se čitati stotinu puta.',
        body: `<p>Dobra slikovnica nije nužno ona s najviše boja ili najpoznatijim likovima. Najbolje slikovnice imaju priču koju je ugodno čitati naglas, ilustracije koje pričaju i ono što tekst ne kaže te temu blisku djetetovu iskustvu.</p>
<h2>Pitanja za odabir</h2>
<ol>
<li>Je li tekst ritmičan i lijepo zvuči kad ga pročitate naglas?</li>
<li>Otkrivate li na ilustracijama nove detalje pri svakom čitanju?</li>
<li>Odgovaraju li duljina i tema dobi vašeg djeteta?</li>
<li>Prikazuje li knjiga različite obitelji, mjesta i načine života?</li>
</ol>
<h2>Prema dobi</h2>
<p>Za bebe su najbolje kartonske slikovnice s velikim, jasnim slikama i malo teksta. Dvogodišnjaci uživaju u ponavljanjima i zvukovima, a predškolci u pričama s pravim zapletom, humorom i pitanjima o svijetu.</p>
<p>Ne zaboravite na knjižnicu: besplatna je, knjige se mijenjaju, a djeca obožavaju sama birati. Posjet knjižnici jednom u dva tjedna može postati mali obiteljski ritual.</p>`,
      },
      en: {
        title: 'How to choose a good picture book',
        slug: 'how-to-choose-a-picture-book',
        excerpt:
          'Bookshop shelves are full of colourful titles. A few questions will help you spot a picture book that will be read a hundred times.',
        body: `<p>A good picture book is not necessarily the most colourful one or the one with the most famous characters. The best picture books have a story that is a pleasure to read aloud, illustrations that tell what the text leaves out, and a subject close to the child's own experience.</p>
<h2>Questions to ask</h2>
<ol>
<li>Does the text have rhythm, and does it sound good read aloud?</li>
<li>Do you notice new details in the illustrations every time you read it?</li>
<li>Are the length and subject right for your child's age?</li>
<li>Does the book show different families, places and ways of life?</li>
</ol>
<h2>By age</h2>
<p>Babies do best with board books with large, clear pictures and little text. Two-year-olds enjoy repetition and sounds, and preschoolers love stories with a real plot, humour and questions about the world.</p>
<p>Do not forget the library: it is free, the books keep changing and children love choosing for themselves. A visit every fortnight can become a small family ritual.</p>`,
      },
    },
  },
  {
    key: 'reluctant-readers',
    category: 'reading',
    tags: ['school', 'tips'],
    daysAgo: 212,
    palette: 'sunrise',
    text: {
      hr: {
        title: 'Kad dijete ne voli čitati: savjeti za školarce',
        slug: 'kad-dijete-ne-voli-citati',
        excerpt:
          'Lektira kao kazna, čitanje kao obveza. Kako vratiti radost čitanja djetetu koje je odlučilo da knjige »nisu za njega«?',
        body: `<p>Mnoga djeca koja su u vrtiću obožavala slikovnice u školi izgube volju za čitanjem. Čitanje postane zadatak koji se ocjenjuje, a ne nešto što se radi iz užitka. Dobra je vijest da se taj odnos može promijeniti.</p>
<h2>Što možete pokušati</h2>
<ul>
<li>Dopustite stripove, časopise i knjige o temama koje dijete zanimaju, od dinosaura do nogometa.</li>
<li>Čitajte i dalje naglas, i školarcima: naglas možete čitati zahtjevnije knjige nego što ih dijete samo čita.</li>
<li>Čitajte naizmjence, stranicu vi, stranicu dijete.</li>
<li>Budite primjer: neka vas dijete vidi kako čitate za svoje zadovoljstvo.</li>
</ul>
<h2>Kada potražiti pomoć</h2>
<p>Ako dijete izbjegava čitanje jer mu je jako teško, zamjenjuje slova, brzo se umara ili sporo napreduje unatoč vježbi, razgovarajte s učiteljicom i školskim logopedom. Rana podrška kod teškoća poput disleksije čini veliku razliku.</p>
<p>Najvažnije je da čitanje ne postane bojište. Dijete koje čita malo, ali s veseljem, na dobrom je putu.</p>`,
      },
      en: {
        title: 'When your child does not like reading: tips for school-age children',
        slug: 'when-your-child-does-not-like-reading',
        excerpt:
          'Set books as punishment, reading as a chore. How do you bring back the joy of reading to a child who has decided books are “not for them”?',
        body: `<p>Many children who loved picture books in kindergarten lose interest in reading once they start school. Reading becomes a graded task rather than something done for pleasure. The good news is that this relationship can change.</p>
<h2>What you can try</h2>
<ul>
<li>Allow comics, magazines and books on subjects your child cares about, from dinosaurs to football.</li>
<li>Keep reading aloud, even to school-age children: you can read harder books aloud than they can read alone.</li>
<li>Take turns: you read a page, your child reads a page.</li>
<li>Set an example: let your child see you reading for your own enjoyment.</li>
</ul>
<h2>When to ask for help</h2>
<p>If your child avoids reading because it is very hard for them, mixes up letters, tires quickly or makes slow progress despite practice, talk to the teacher and the school speech therapist. Early support for difficulties such as dyslexia makes a big difference.</p>
<p>Above all, do not let reading become a battleground. A child who reads a little, but gladly, is on the right track.</p>`,
      },
    },
  },
  {
    key: 'screens-under-two',
    category: 'screens',
    tags: ['family', 'tips'],
    daysAgo: 31,
    palette: 'sky',
    text: {
      hr: {
        title: 'Ekrani i djeca do dvije godine',
        slug: 'ekrani-i-djeca-do-dvije-godine',
        excerpt:
          'Crtić dok kuhamo ručak, video poziv s bakom, mobitel u čekaonici. Što kažu stručne preporuke i kako ih uklopiti u stvaran život?',
        body: `<p>Stručne smjernice, među njima i preporuke Svjetske zdravstvene organizacije, savjetuju da dojenčad i djeca do otprilike druge godine gotovo ne provode vrijeme pred ekranima. Iznimka su video pozivi s bliskim osobama, u kojima dijete ima stvarnu interakciju.</p>
<h2>Zašto je tako?</h2>
<p>Male bebe uče kroz odnos i dodir: gledaju lica, slušaju glasove, istražuju predmete rukama i ustima. Video ne može odgovoriti na djetetov pogled ni osmijeh, a vrijeme pred ekranom oduzima vrijeme za igru, kretanje i san.</p>
<h2>Realni koraci</h2>
<ul>
<li>Držite televizor ugašenim kad ga nitko ne gleda, jer i pozadinski zvuk ometa igru.</li>
<li>Za trenutke kad morate nešto obaviti pripremite kutiju sa sigurnim predmetima za istraživanje.</li>
<li>Ako dijete ipak gleda nešto, gledajte zajedno i razgovarajte o onome što vidite.</li>
<li>Izbjegavajte ekrane tijekom obroka i prije spavanja.</li>
</ul>
<p>Cilj nije savršenstvo ni osjećaj krivnje. Svaki sat u kojem ekran zamijenite razgovorom, pjesmom ili šetnjom dobitak je za dijete i za vas.</p>`,
      },
      en: {
        title: 'Screens and children under two',
        slug: 'screens-and-children-under-two',
        excerpt:
          'A cartoon while we cook lunch, a video call with grandma, a phone in the waiting room. What do the guidelines say and how do they fit real life?',
        body: `<p>Expert guidelines, including the recommendations of the World Health Organization, advise that babies and children up to about two years of age spend almost no time in front of screens. The exception is video calls with loved ones, where the child has a real interaction.</p>
<h2>Why?</h2>
<p>Babies learn through relationships and touch: they watch faces, listen to voices and explore objects with their hands and mouths. A video cannot respond to a child's gaze or smile, and screen time takes time away from play, movement and sleep.</p>
<h2>Realistic steps</h2>
<ul>
<li>Keep the television off when nobody is watching, since background noise interrupts play too.</li>
<li>For moments when you need to get something done, prepare a box of safe objects to explore.</li>
<li>If your child does watch something, watch together and talk about what you see.</li>
<li>Avoid screens during meals and before bed.</li>
</ul>
<p>The goal is neither perfection nor guilt. Every hour in which a screen is replaced by conversation, a song or a walk is a gain for your child and for you.</p>`,
      },
    },
  },
  {
    key: 'family-media-plan',
    category: 'screens',
    tags: ['family', 'tips'],
    daysAgo: 183,
    palette: 'meadow',
    text: {
      hr: {
        title: 'Obiteljski medijski plan u pet koraka',
        slug: 'obiteljski-medijski-plan',
        excerpt:
          'Pravila o ekranima lakše se poštuju kad ih obitelj dogovori zajedno. Evo kako sastaviti plan koji vrijedi i za odrasle.',
        body: `<p>Svađe oko tableta i mobitela česte su u mnogim obiteljima. Umjesto da pravila nastaju u trenutku ljutnje, isplati se sjesti zajedno i napraviti <strong>obiteljski medijski plan</strong> – kratak dogovor koji svi razumiju i koji vrijedi za sve ukućane.</p>
<h2>Pet koraka</h2>
<ol>
<li><strong>Popišite</strong> sve uređaje u kući i tko ih koristi.</li>
<li><strong>Odredite zone bez ekrana</strong>, primjerice stol za vrijeme obroka i spavaće sobe.</li>
<li><strong>Dogovorite vrijeme</strong>: kada se ekrani koriste, a kada ne, radnim danom i vikendom.</li>
<li><strong>Izaberite sadržaje</strong> zajedno i razgovarajte zašto su neki bolji od drugih.</li>
<li><strong>Zapišite plan</strong>, objesite ga na hladnjak i svaki mjesec provjerite što funkcionira.</li>
</ol>
<h2>Roditelji su dio plana</h2>
<p>Djeca primjećuju kad roditelji za ručkom gledaju u mobitel. Ako plan vrijedi samo za djecu, doživjet će ga kao kaznu. Kad se i odrasli drže dogovora, plan postaje obiteljska vrijednost.</p>
<p>Plan nije zauvijek. Kako djeca rastu, mijenjaju se i njihove potrebe, pa ga vrijedi prilagođavati, po mogućnosti uz njihovo sudjelovanje.</p>`,
      },
      en: {
        title: 'A family media plan in five steps',
        slug: 'family-media-plan',
        excerpt:
          'Screen rules are easier to keep when the family agrees on them together. Here is how to put together a plan that applies to adults too.',
        body: `<p>Arguments about tablets and phones are common in many families. Instead of making rules in a moment of anger, it pays to sit down together and draw up a <strong>family media plan</strong> – a short agreement everyone understands and everyone in the household follows.</p>
<h2>Five steps</h2>
<ol>
<li><strong>List</strong> all the devices in the house and who uses them.</li>
<li><strong>Set screen-free zones</strong>, such as the table at mealtimes and bedrooms.</li>
<li><strong>Agree on times</strong>: when screens are used and when not, on weekdays and at weekends.</li>
<li><strong>Choose content</strong> together and talk about why some is better than other.</li>
<li><strong>Write the plan down</strong>, put it on the fridge and check every month what works.</li>
</ol>
<h2>Parents are part of the plan</h2>
<p>Children notice when parents look at their phones during lunch. If the plan applies only to children, they will see it as a punishment. When adults keep to the agreement too, the plan becomes a family value.</p>
<p>The plan is not forever. As children grow their needs change, so it is worth adjusting it, ideally with their input.</p>`,
      },
    },
  },
  {
    key: 'first-phone',
    category: 'screens',
    tags: ['school'],
    daysAgo: 252,
    palette: 'lavender',
    text: {
      hr: {
        title: 'Prvi mobitel: o čemu razgovarati prije nego što ga dijete dobije',
        slug: 'prvi-mobitel',
        excerpt:
          'Prvi mobitel velik je korak za dijete i za roditelje. Nekoliko razgovora unaprijed uštedjet će vam mnogo briga kasnije.',
        body: `<p>Ne postoji jedna »prava« dob za prvi mobitel. Važnije od dobi je je li dijete spremno preuzeti odgovornost i jesu li pravila jasna prije nego što uređaj stigne u njegove ruke.</p>
<h2>Teme za razgovor</h2>
<ul>
<li>Gdje se mobitel drži noću (savjet: izvan spavaće sobe).</li>
<li>Koje aplikacije dijete smije instalirati i tko to odobrava.</li>
<li>Što učiniti ako netko pošalje neugodnu poruku ili sliku.</li>
<li>Zašto se lozinke ne dijele, čak ni s najboljim prijateljem.</li>
<li>Kako se ponašati u grupnim razgovorima razreda.</li>
</ul>
<h2>Povjerenje ispred nadzora</h2>
<p>Alati za roditeljski nadzor mogu pomoći, osobito na početku, ali ne zamjenjuju razgovor. Djetetu je najvažnije znati da vam može doći kad nešto pođe po zlu, bez straha da će odmah izgubiti mobitel.</p>
<p>Dogovor možete zapisati kao ugovor koji potpišete oboje. Zvuči formalno, ali djeca takve dogovore često shvaćaju vrlo ozbiljno.</p>`,
      },
      en: {
        title: 'The first phone: what to talk about before your child gets one',
        slug: 'the-first-phone',
        excerpt:
          'A first phone is a big step for a child and for parents. A few conversations in advance will save you a lot of worry later.',
        body: `<p>There is no single “right” age for a first phone. More important than age is whether your child is ready to take on the responsibility and whether the rules are clear before the device arrives.</p>
<h2>Topics to talk about</h2>
<ul>
<li>Where the phone stays at night (tip: outside the bedroom).</li>
<li>Which apps your child may install and who approves them.</li>
<li>What to do if someone sends an upsetting message or picture.</li>
<li>Why passwords are never shared, not even with a best friend.</li>
<li>How to behave in class group chats.</li>
</ul>
<h2>Trust before monitoring</h2>
<p>Parental control tools can help, especially at the start, but they do not replace conversation. What matters most is that your child knows they can come to you when something goes wrong, without fearing they will lose the phone straight away.</p>
<p>You can write the agreement down as a contract you both sign. It sounds formal, but children often take such agreements very seriously.</p>`,
      },
    },
  },
  {
    key: 'naming-feelings',
    category: 'parenting',
    tags: ['emotions', 'kindergarten'],
    daysAgo: 5,
    palette: 'coral',
    text: {
      hr: {
        title: 'Imenovati osjećaje: mali rječnik emocija za predškolce',
        slug: 'imenovati-osjecaje',
        excerpt:
          'Dijete koje zna reći »ljut sam« rjeđe mora to pokazati udarcem. Kako djeci pomoći da osjećaje pretoče u riječi?',
        body: `<p>Predškolska djeca osjećaju snažno, a riječi za te osjećaje tek uče. Kad nemaju riječi, osjećaji izlaze kroz tijelo: vikanjem, bacanjem, grizenjem ili povlačenjem u sebe. Bogatiji rječnik emocija jedan je od najjednostavnijih načina da djetetu pomognemo.</p>
<h2>Kako graditi rječnik emocija</h2>
<ul>
<li>Imenujte osjećaje u trenutku: »Izgledaš ljutito jer je toranj pao.«</li>
<li>Imenujte i svoje osjećaje: »Umorna sam i treba mi malo tišine.«</li>
<li>U slikovnicama pitajte: »Što misliš, kako se osjeća zec?«</li>
<li>Uvedite nijanse: osim »tužan« postoje i »razočaran«, »usamljen«, »zabrinut«.</li>
</ul>
<h2>Svi osjećaji su dopušteni, nije svako ponašanje</h2>
<p>Ljutnja je u redu, udaranje nije. Ta jednostavna rečenica pomaže djetetu razumjeti da nije »loše« zato što osjeća, nego da uči što s tim osjećajem može učiniti: duboko udahnuti, stisnuti jastuk, reći odraslima.</p>
<p>Za početak možete napraviti <strong>kutak za smirivanje</strong> s jastukom, slikovnicom o osjećajima i karticama s licima. Djeca ga brzo prihvate kao svoje mjesto, a ne kao kaznu.</p>`,
      },
      en: {
        title: 'Naming feelings: a small emotion vocabulary for preschoolers',
        slug: 'naming-feelings',
        excerpt:
          "A child who can say “I'm angry” less often has to show it with a kick. How can we help children put feelings into words?",
        body: `<p>Preschool children feel strongly, and they are only just learning the words for those feelings. Without words, feelings come out through the body: shouting, throwing, biting or withdrawing. A richer emotion vocabulary is one of the simplest ways to help.</p>
<h2>How to build an emotion vocabulary</h2>
<ul>
<li>Name feelings in the moment: “You look angry because the tower fell.”</li>
<li>Name your own feelings too: “I'm tired and I need a little quiet.”</li>
<li>In picture books ask: “How do you think the rabbit feels?”</li>
<li>Introduce nuances: besides “sad” there is “disappointed”, “lonely”, “worried”.</li>
</ul>
<h2>All feelings are allowed, not all behaviour is</h2>
<p>Anger is fine, hitting is not. This simple sentence helps a child understand that they are not “bad” for feeling something, and that they are learning what to do with the feeling: take a deep breath, squeeze a cushion, tell an adult.</p>
<p>To start, you could set up a <strong>calm-down corner</strong> with a cushion, a book about feelings and cards showing faces. Children quickly accept it as their own place rather than a punishment.</p>`,
      },
    },
  },
  {
    key: 'boundaries-with-love',
    category: 'parenting',
    tags: ['emotions', 'family'],
    daysAgo: 76,
    palette: 'honey',
    text: {
      hr: {
        title: 'Granice s ljubavlju: kako reći »ne« bez vikanja',
        slug: 'granice-s-ljubavlju',
        excerpt:
          'Djeci su granice potrebne jednako kao i ljubav. Kako ih postaviti mirno, jasno i dosljedno, a da ne izgubimo živce?',
        body: `<p>Granice djeci daju osjećaj sigurnosti: svijet u kojem su pravila jasna predvidljiv je i manje zastrašujuć. Problem rijetko nastaje zbog samih pravila, nego zbog načina na koji ih provodimo, umorni, u žurbi i na rubu strpljenja.</p>
<h2>Što čini dobru granicu</h2>
<ul>
<li><strong>Jasna je</strong>: »Lopta se baca vani« umjesto »Budi dobar«.</li>
<li><strong>Kratka je</strong>: jedna rečenica, bez predavanja.</li>
<li><strong>Dosljedna je</strong>: vrijedi i danas i sutra, i kod mame i kod tate.</li>
<li><strong>Uvažava osjećaj</strong>: »Znam da bi se još igrao. Sad je vrijeme za kupanje.«</li>
</ul>
<h2>Kad dijete testira</h2>
<p>Testiranje granica normalan je dio razvoja, a ne znak da ste pogriješili. Ponovite pravilo mirno i učinite ono što ste najavili. Što manje riječi i emocija u tom trenutku, to bolje.</p>
<p>I roditelji ponekad viknu. Kad se to dogodi, ispričajte se djetetu. Time pokazujete upravo ono što želite da i ono nauči: da se pogreške mogu popraviti.</p>`,
      },
      en: {
        title: 'Boundaries with love: saying “no” without shouting',
        slug: 'boundaries-with-love',
        excerpt:
          'Children need boundaries just as much as they need love. How do we set them calmly, clearly and consistently without losing our temper?',
        body: `<p>Boundaries give children a sense of safety: a world with clear rules is predictable and less frightening. The trouble rarely comes from the rules themselves but from how we enforce them, tired, in a hurry and at the end of our patience.</p>
<h2>What makes a good boundary</h2>
<ul>
<li><strong>It is clear</strong>: “Balls are for throwing outside” rather than “Be good.”</li>
<li><strong>It is short</strong>: one sentence, no lecture.</li>
<li><strong>It is consistent</strong>: it holds today and tomorrow, with mum and with dad.</li>
<li><strong>It acknowledges the feeling</strong>: “I know you'd like to keep playing. Now it's bath time.”</li>
</ul>
<h2>When a child tests you</h2>
<p>Testing boundaries is a normal part of development, not a sign that you have done something wrong. Repeat the rule calmly and do what you said you would. The fewer words and emotions in that moment, the better.</p>
<p>Parents shout sometimes too. When it happens, apologise to your child. You are showing exactly what you want them to learn: that mistakes can be put right.</p>`,
      },
    },
  },
  {
    key: 'starting-kindergarten',
    category: 'parenting',
    tags: ['kindergarten', 'emotions'],
    daysAgo: 301,
    palette: 'meadow',
    text: {
      hr: {
        title: 'Polazak u vrtić bez suza (ili barem s manje njih)',
        slug: 'polazak-u-vrtic',
        excerpt:
          'Prilagodba na vrtić izazov je za cijelu obitelj. Nekoliko provjerenih savjeta za prve tjedne.',
        body: `<p>Polazak u vrtić jedna je od prvih velikih promjena u djetetovu životu. Suze na vratima vrtića sasvim su normalne i ne znače da dijete nije spremno ni da ste vi nešto pogriješili.</p>
<h2>Prije polaska</h2>
<ul>
<li>Razgovarajte o vrtiću pozitivno i konkretno: tko će ga dočekati, što će jesti, gdje će spavati.</li>
<li>Nekoliko tjedana ranije uskladite ritam spavanja i obroka s vrtićkim.</li>
<li>Pročitajte zajedno slikovnicu o polasku u vrtić.</li>
</ul>
<h2>Prvi tjedni</h2>
<p>Oproštaj neka bude kratak i uvijek isti: zagrljaj, poljubac, »vidimo se poslije ručka« i odlazak. Nemojte se iskradati dok dijete ne gleda, jer to narušava povjerenje. Obećanje o povratku uvijek održite.</p>
<p>Prilagodba obično traje od dva do šest tjedana, a nakon bolesti ili praznika može se nakratko vratiti. Odgojiteljice su vaši saveznici: pitajte ih kako je dijete provelo dan i dogovorite se o malim ritualima koji pomažu.</p>`,
      },
      en: {
        title: 'Starting kindergarten without tears (or at least fewer)',
        slug: 'starting-kindergarten',
        excerpt:
          'Settling into kindergarten is a challenge for the whole family. A few tried and tested tips for the first weeks.',
        body: `<p>Starting kindergarten is one of the first big changes in a child's life. Tears at the kindergarten door are completely normal and do not mean your child is not ready or that you have done anything wrong.</p>
<h2>Before the first day</h2>
<ul>
<li>Talk about kindergarten positively and concretely: who will greet them, what they will eat, where they will nap.</li>
<li>A few weeks ahead, bring sleep and meal times in line with the kindergarten day.</li>
<li>Read a picture book about starting kindergarten together.</li>
</ul>
<h2>The first weeks</h2>
<p>Keep goodbyes short and always the same: a hug, a kiss, “see you after lunch” and leave. Do not sneak out while your child is not looking, because that undermines trust. Always keep your promise to come back.</p>
<p>Settling in usually takes two to six weeks and may briefly return after an illness or a holiday. The teachers are your allies: ask them how the day went and agree on small rituals that help.</p>`,
      },
    },
  },
];
