"""A generated address book for Rin's matching benchmark (docs/RIN.md §8 step 3): a seeded,
deterministic book of people with a known share of duplicate records, written as the two files
Rin imports and the truth about which records are one person.

  python rin_addressbook.py [--count 10000] [--duplicates 0.2] [--seed 12] --out DIR

writes DIR/contacts.vcf (vCard 3.0, CRLF, folded at 75 octets, one card per record, each with its
own UID), DIR/contacts.csv (the same records in the same order, Google Contacts' "Google CSV"
header since 2023, which RinFormats reads) and DIR/truth.tsv (a `#` line, then `ordinal<TAB>entity`
per record, the ordinal being the 0-based position in both files). Prints a summary.

`--count` is the number of records; `--duplicates` the share of them that are a second or third
record of a person another record already holds (9 % of the duplicate records come in pairs, so
about one duplicated person in ten has three records). The
same seed and `phonenumbers` version (pinned in Tests/requirements.txt) give the same bytes.

What makes it hard, on purpose, because real books have it:
- International names: accents, `ß`/`ø`/`ł` that no accent stripping removes, hyphenated given
  and family names, Spanish double family names, particles (`van der`), apostrophes (`O'Brien`),
  Chinese, Japanese and Korean names, some written in their own script.
- Traps for a matcher, none of them duplicates: households (different people, one home phone and
  address, sometimes one shared e-mail), colleagues sharing an employer's domain and switchboard
  (sometimes with extensions), and common names ("John Smith") held by several people.
- Phones mostly US, some GB/DE/FR/IN, in the forms people type; a foreign number is sometimes
  written in its national form, which a US default region cannot read (as in real books).
- Duplicates with the noise of a second source: typos, dropped accents, `Last, First` typed in
  the first-name field, nickname for given name, initial only, changed case, phones reformatted,
  e-mail case changed, fields missing (only a phone, only an e-mail, no birthday), an extra
  e-mail, now and then a mistyped birthday (a clash).
"""
import argparse, csv, os, random, sys, unicodedata, uuid
from collections import Counter, defaultdict
from itertools import combinations

import phonenumbers
from phonenumbers import PhoneNumberFormat as PNF

# Issue 12 is Rin's; any seed works, this one is the default everywhere (bench-rin-matching too).
DEFAULT_SEED = 12

# --- Names ------------------------------------------------------------------------------------
# Per culture: given names (male, female), family names in rough frequency order (drawn with a
# Zipf-like weight, so common surnames repeat as they do in life), the country whose numbers some
# of them have (`foreign`: the chance, else a US number) and the share of the book. The book's
# owner lives in the US; most foreign-named people there have US numbers. `tail` names a
# generator of rarer surnames: real surnames are a long tail (the 100 commonest cover about a
# quarter of Americans), and a pool of a hundred names alone would make every tenth person a
# Smith and hundreds of different people namesakes.
CULTURES = {
    "us": dict(share=44, tail=("english", 0.7), male=[
        "James", "John", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Thomas", "Christopher",
        "Charles", "Daniel", "Matthew", "Anthony", "Mark", "Donald", "Steven", "Andrew", "Paul", "Joshua",
        "Kenneth", "Kevin", "Brian", "George", "Timothy", "Ronald", "Edward", "Jason", "Jeffrey", "Ryan",
        "Jacob", "Gary", "Nicholas", "Eric", "Jonathan", "Stephen", "Larry", "Justin", "Scott", "Brandon",
        "Benjamin", "Samuel", "Gregory", "Alexander", "Patrick", "Frank", "Raymond", "Jack", "Dennis", "Jerry",
        "Tyler", "Aaron", "Henry", "Douglas", "Peter", "Nathan", "Zachary", "Kyle", "Walter", "Harold",
        "Ethan", "Logan", "Caleb", "Owen", "Wyatt", "Isaac", "Gavin", "Trevor", "Dustin", "Marcus",
        "Derek", "Travis", "Wesley", "Shane", "Colin", "Lawrence", "Gerald", "Curtis", "Malik", "DeShawn"],
        female=[
        "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Karen",
        "Lisa", "Nancy", "Betty", "Margaret", "Sandra", "Ashley", "Kimberly", "Emily", "Donna", "Michelle",
        "Carol", "Amanda", "Dorothy", "Melissa", "Deborah", "Stephanie", "Rebecca", "Sharon", "Laura", "Cynthia",
        "Kathleen", "Amy", "Angela", "Shirley", "Anna", "Brenda", "Pamela", "Emma", "Nicole", "Helen",
        "Samantha", "Katherine", "Christine", "Debra", "Rachel", "Carolyn", "Janet", "Catherine", "Maria", "Heather",
        "Diane", "Ruth", "Julie", "Olivia", "Joyce", "Virginia", "Victoria", "Kelly", "Lauren", "Christina",
        "Madison", "Brittany", "Courtney", "Megan", "Hannah", "Abigail", "Kayla", "Tiffany", "Erin", "Allison",
        "Paige", "Molly", "Chelsea", "Whitney", "Danielle", "Latoya", "Shanice", "Jasmine", "Caroline", "Alyssa"],
        family=[
        "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
        "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis",
        "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams",
        "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans",
        "Edwards", "Collins", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson",
        "Bailey", "Reed", "Kelly", "Howard", "Cox", "Ward", "Richardson", "Watson", "Brooks", "Wood",
        "James", "Bennett", "Gray", "Hughes", "Price", "Sanders", "Myers", "Long", "Ross", "Foster",
        "Powell", "Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes",
        "Fisher", "Vasquez", "Simmons", "Graham", "Marshall", "Owens", "Harrison", "Gibson", "Wallace", "Hayes",
        "Smith-Jones", "Baker-Hughes", "Kowalczyk", "Lindqvist", "Castellanos", "DuBois", "McAllister", "O'Neill"]),
    "hispanic": dict(share=13, male=[
        "José", "Juan", "Carlos", "Luis", "Jorge", "Miguel", "Alejandro", "Javier", "Francisco", "Raúl",
        "Andrés", "Fernando", "Ricardo", "Sergio", "Héctor", "Óscar", "Rubén", "Iván", "Juan Carlos", "José Luis",
        "Diego", "Pablo", "Emilio", "Mateo", "Santiago", "Gustavo", "Eduardo", "Manuel", "Rafael", "Arturo"],
        female=[
        "María", "Lucía", "Sofía", "Ana", "Carmen", "Mónica", "Isabel", "Guadalupe", "Verónica", "Gabriela",
        "Daniela", "Valentina", "Inés", "Beatriz", "Rocío", "Marisol", "María José", "Ana Belén", "Pilar", "Elena",
        "Paola", "Adriana", "Camila", "Natalia", "Ximena", "Leticia", "Rosa", "Alejandra", "Claudia", "Teresa"],
        family=[
        "García", "Rodríguez", "Martínez", "Hernández", "López", "González", "Pérez", "Sánchez", "Ramírez", "Torres",
        "Flores", "Rivera", "Gómez", "Díaz", "Reyes", "Cruz", "Morales", "Ortiz", "Gutiérrez", "Chávez",
        "Ramos", "Ruiz", "Jiménez", "Mendoza", "Álvarez", "Castillo", "Romero", "Vargas", "Núñez", "Peña",
        "Aguilar", "Medina", "Herrera", "Castro", "Vásquez", "Fernández", "Moreno", "Muñoz", "Rojas", "Soto",
        "Contreras", "Silva", "Sandoval", "Delgado", "Guerrero", "Estrada", "Cortés", "Navarro", "Campos", "Vega",
        "Salazar", "Domínguez", "Ibáñez", "Santiago", "Cabrera", "Zamora", "Bermúdez", "Villanueva", "Espinoza", "Quintero"]),
    "indian": dict(share=7, region="IN", foreign=0.3, male=[
        "Arjun", "Rahul", "Vikram", "Sanjay", "Amit", "Rajesh", "Anil", "Suresh", "Karthik", "Rohan",
        "Aditya", "Vivek", "Nikhil", "Pranav", "Siddharth", "Rohit", "Manish", "Abhishek", "Ravi", "Harish",
        "Varun", "Gaurav", "Deepak", "Sandeep", "Prakash", "Naveen", "Ashok", "Girish", "Mahesh", "Ajay"],
        female=[
        "Priya", "Ananya", "Lakshmi", "Deepa", "Kavya", "Sunita", "Pooja", "Neha", "Divya", "Meera",
        "Aishwarya", "Shreya", "Anjali", "Sneha", "Radhika", "Kiran", "Swati", "Nandini", "Rekha", "Bhavna",
        "Sapna", "Geeta", "Padma", "Revathi", "Harini", "Jyoti", "Madhuri", "Sushma", "Uma", "Vidya"],
        family=[
        "Patel", "Sharma", "Singh", "Kumar", "Gupta", "Reddy", "Iyer", "Nair", "Krishnan", "Rao",
        "Mehta", "Shah", "Joshi", "Desai", "Banerjee", "Chatterjee", "Menon", "Pillai", "Agarwal", "Venkataraman",
        "Bhat", "Kulkarni", "Naidu", "Chopra", "Malhotra", "Kapoor", "Saxena", "Mishra", "Pandey", "Trivedi",
        "Dutta", "Bose", "Ghosh", "Mukherjee", "Subramanian", "Srinivasan", "Raghavan", "Chandrasekhar", "Hegde", "Shetty"]),
    # Chinese and Korean given names are built from syllables, as they are in life; some people
    # are written in their own script (Chinese family first without a space, as phones show it).
    "chinese": dict(share=5, script=0.2, syllables=[
        ("Wei", "伟"), ("Jun", "军"), ("Hao", "浩"), ("Ming", "明"), ("Xiao", "晓"), ("Yu", "宇"), ("Jie", "杰"),
        ("Hua", "华"), ("Li", "丽"), ("Ying", "英"), ("Mei", "梅"), ("Jing", "静"), ("Yan", "燕"), ("Hong", "红"),
        ("Lin", "琳"), ("Qiang", "强"), ("Zhi", "志"), ("Guo", "国"), ("Xin", "欣"), ("Yi", "怡"), ("Tao", "涛"), ("Fang", "芳")],
        family=[
        ("Wang", "王"), ("Li", "李"), ("Zhang", "张"), ("Liu", "刘"), ("Chen", "陈"), ("Yang", "杨"), ("Huang", "黄"),
        ("Zhao", "赵"), ("Wu", "吴"), ("Zhou", "周"), ("Xu", "徐"), ("Sun", "孙"), ("Lin", "林"), ("Guo", "郭"),
        ("He", "何"), ("Gao", "高"), ("Ma", "马"), ("Luo", "罗"), ("Zheng", "郑"), ("Tang", "唐")]),
    "korean": dict(share=1.5, script=0.3, hyphen=True, syllables=[
        ("Min", "민"), ("Jun", "준"), ("Seo", "서"), ("Ji", "지"), ("Hoon", "훈"), ("Woo", "우"), ("Yeon", "연"),
        ("Soo", "수"), ("Hyun", "현"), ("Eun", "은"), ("Ha", "하"), ("Yoon", "윤"), ("Jae", "재"), ("Young", "영")],
        family=[("Kim", "김"), ("Lee", "이"), ("Park", "박"), ("Choi", "최"), ("Jung", "정"), ("Kang", "강"), ("Cho", "조"),
                ("Yoon", "윤"), ("Jang", "장"), ("Lim", "임"), ("Han", "한"), ("Oh", "오")]),
    "japanese": dict(share=1.5, script=0.3, spaced=True, male=[
        ("Haruto", "陽翔"), ("Takeshi", "武"), ("Kenji", "健二"), ("Hiroshi", "浩"), ("Yuki", "雪"), ("Daiki", "大輝"),
        ("Ren", "蓮"), ("Sota", "颯太"), ("Kaito", "海斗"), ("Shota", "翔太"), ("Kazuki", "一輝"), ("Taro", "太郎")],
        female=[("Yui", "結衣"), ("Sakura", "さくら"), ("Aiko", "愛子"), ("Keiko", "恵子"), ("Naomi", "直美"), ("Hina", "陽菜"),
                ("Mio", "美桜"), ("Rin", "凛"), ("Emi", "恵美"), ("Yoko", "洋子"), ("Mai", "舞"), ("Haruka", "遥")],
        family=[("Sato", "佐藤"), ("Suzuki", "鈴木"), ("Takahashi", "高橋"), ("Tanaka", "田中"), ("Watanabe", "渡辺"),
                ("Ito", "伊藤"), ("Yamamoto", "山本"), ("Nakamura", "中村"), ("Kobayashi", "小林"), ("Kato", "加藤"),
                ("Yoshida", "吉田"), ("Yamada", "山田"), ("Sasaki", "佐々木"), ("Matsumoto", "松本"), ("Inoue", "井上")]),
    "vietnamese": dict(share=1.5, male=["Minh", "Tuấn", "Hùng", "Dũng", "Quang", "Thành", "Anh", "Bảo", "Khoa", "Long",
                                        "Nam", "Phúc", "Trung", "Việt", "Đức", "Hải"],
        female=["Linh", "Hương", "Trang", "Ngọc", "Thảo", "Phương", "Lan", "Mai", "Hạnh", "Nhung", "Vy", "Yến", "Thu",
                "Hà", "Uyên", "Diệp"],
        family=["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Võ", "Đặng", "Bùi", "Đỗ", "Hồ", "Ngô", "Dương", "Lý"]),
    "french": dict(share=4, region="FR", foreign=0.4, male=[
        "François", "Jérôme", "Benoît", "Étienne", "Jean-Pierre", "Jean-Luc", "Thierry", "Olivier", "Nicolas", "Sébastien",
        "Mathieu", "Loïc", "Guillaume", "Julien", "Rémi", "Antoine", "Cédric", "Hugo"],
        female=["Amélie", "Hélène", "Céline", "Chloé", "Marie-Claire", "Anne-Sophie", "Élodie", "Nathalie", "Séverine",
                "Camille", "Margaux", "Noémie", "Léa", "Manon", "Aurélie", "Sandrine", "Émilie", "Solène"],
        family=["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Petit", "Durand", "Leroy", "Moreau", "Lefèvre",
                "Girard", "Rousseau", "Fournier", "Mercier", "Le Gall", "Bonnet", "Lemaître", "Faure", "Lambert", "Fontaine",
                "Vincent", "Garnier", "Chevalier", "Legrand", "Gauthier", "Perrin", "Morel", "Clément", "Blanc", "Guérin",
                "Boyer", "Roussel", "Lemoine", "Barbier", "Lefebvre", "Dupont", "Carré", "Hébert"]),
    "german": dict(share=4, region="DE", foreign=0.4, tail=("german", 0.6), male=[
        "Jürgen", "Björn", "Lukas", "Sören", "Jörg", "Hans-Jürgen", "Karl-Heinz", "Matthias", "Stefan", "Tobias",
        "Florian", "Klaus", "Uwe", "Dieter", "Maximilian", "Felix", "Jens", "Rüdiger"],
        female=["Käthe", "Anja", "Jutta", "Sabine", "Ursula", "Katrin", "Anne-Marie", "Birgit", "Dörte", "Franziska",
                "Lena", "Monika", "Petra", "Heike", "Gisela", "Annika", "Jana", "Bärbel"],
        family=["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
                "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Groß", "Weiß",
                "Köhler", "Müller-Lüdenscheidt", "Krüger", "Zimmermann", "Hartmann", "Lange", "Schmitz", "Krause"]),
    "british": dict(share=4, region="GB", foreign=0.45, tail=("english", 0.5), male=[
        "Oliver", "Harry", "George", "Alfie", "Callum", "Rhys", "Seán", "Declan", "Hamish", "Nigel", "Graham", "Ian",
        "Alistair", "Angus", "Dylan", "Gareth", "Rory", "Toby"],
        female=["Siobhán", "Niamh", "Aoife", "Fiona", "Imogen", "Poppy", "Gemma", "Kirsty", "Eilidh", "Harriet",
                "Philippa", "Bethan", "Ciara", "Freya", "Isla", "Morag", "Rhiannon", "Saoirse"],
        family=["O'Brien", "McDonald", "MacLeod", "O'Connor", "Fitzgerald", "Davies", "Evans", "Hughes", "Wright",
                "Walsh", "Murray", "Campbell", "Ó Súilleabháin", "Armstrong-Jones", "Featherstonehaugh", "Llewellyn",
                "McKenzie", "O'Sullivan", "Doherty", "Byrne", "Gallagher", "Pritchard", "Cunningham", "Fraser"]),
    "arabic": dict(share=3, male=["Mohammed", "Ahmed", "Omar", "Ali", "Youssef", "Khaled", "Hassan", "Karim", "Tariq", "Samir",
                                  "Nabil", "Rami", "Bilal", "Faisal", "Ibrahim", "Mustafa"],
        female=["Fatima", "Aisha", "Layla", "Noor", "Mariam", "Yasmin", "Huda", "Rania", "Zainab", "Salma", "Dalia",
                "Samira", "Leila", "Amira", "Hana", "Nadia"],
        family=["Al-Sayed", "Haddad", "Khalil", "Nasser", "Mansour", "Saleh", "Khan", "Hussein", "El-Amin", "Abdullah",
                "Darwish", "Ibrahim", "Farouk", "Aziz", "Suleiman", "Qureshi", "Rahman", "Siddiqui", "Hamdan", "Al-Masri"]),
    "nordic": dict(share=1.5, male=["Søren", "Bjørn", "Lars", "Mikael", "Ørjan", "Anders", "Henrik", "Magnus", "Nils", "Erik"],
        female=["Åsa", "Ingrid", "Sigrid", "Mette", "Liv", "Astrid", "Karin", "Solveig", "Maja", "Elin"],
        family=["Johansson", "Nielsen", "Løvstad", "Andersen", "Lindström", "Hansen", "Bråten", "Ødegaard", "Karlsson",
                "Eriksson", "Pedersen", "Sjöberg", "Halvorsen", "Åberg"]),
    "polish": dict(share=1.5, male=["Łukasz", "Wojciech", "Paweł", "Krzysztof", "Michał", "Grzegorz", "Tomasz", "Piotr",
                                    "Marek", "Jakub"],
        female=["Małgorzata", "Agnieszka", "Katarzyna", "Żaneta", "Joanna", "Ewa", "Magdalena", "Dorota", "Barbara", "Zofia"],
        family=["Nowak", "Kowalski", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowska", "Zieliński", "Szymańska",
                "Woźniak", "Dąbrowski", "Kozłowska", "Jankowski", "Mazur", "Krawczyk"]),
    "dutch": dict(share=1.5, male=["Jan", "Pieter", "Joost", "Maarten", "Sjoerd", "Bram", "Thijs", "Ruben", "Wouter", "Daan"],
        female=["Anouk", "Femke", "Marieke", "Sanne", "Lotte", "Eline", "Fleur", "Iris", "Noor", "Maaike"],
        family=["de Vries", "van der Berg", "Jansen", "van Dijk", "Bakker", "de Jong", "Visser", "van den Heuvel",
                "Smit", "Meijer", "de Boer", "Mulder", "van Leeuwen", "Dekker"]),
}

# The long tail of surnames: real ones are built this way (Ash+ford, Kings+ley, Stein+berger),
# so the products read as names. Drawn uniformly: each is rare.
SURNAME_PARTS = {
    "english": (["Ash", "Black", "Bright", "Brook", "Cald", "Chester", "Clay", "Cole", "Cran", "Dal", "Dun", "East",
                 "Fair", "Farn", "Fen", "Gold", "Gran", "Green", "Hal", "Har", "Haw", "Hay", "Hol", "Kings", "Lang",
                 "Lind", "Mar", "Mid", "Mill", "Mor", "New", "North", "Pen", "Red", "Ren", "Ros", "Rad", "Stan", "Sum",
                 "Thorn", "Wal", "West", "Whit", "Wind", "Wood", "Brad", "Crom", "Dray", "Elling", "Pem"],
                ["by", "croft", "dale", "field", "ford", "ham", "hart", "hurst", "ington", "ley", "man", "more",
                 "ridge", "shaw", "stead", "ton", "well", "wick", "worth", "wood", "land", "cott", "brook", "bury"]),
    "german": (["Ober", "Unter", "Stein", "Berg", "Wald", "Holz", "Lin", "Rosen", "Sonnen", "Kirch", "Hoch", "Feld",
                "Eich", "Brand", "Mühl", "Alt", "Neu", "Grün", "Tann", "Bruck"],
               ["mann", "er", "berger", "hauser", "bach", "meier", "feld", "hofer", "huber", "stein", "müller", "haus",
                "ecker", "bauer"]),
}

# Names held by several different people in one book, beyond what the surname weights give.
COMMON_NAMES = [("John", "Smith", "us", "m"), ("Maria", "Garcia", "hispanic", "f"), ("David", "Lee", "us", "m"),
                ("Michael", "Brown", "us", "m"), ("Jennifer", "Johnson", "us", "f"), ("Mohammed", "Khan", "arabic", "m"),
                ("Priya", "Patel", "indian", "f"), ("James", "Wilson", "us", "m"), ("Thomas", "Müller", "german", "m")]

# Nicknames and spelling variants a second source may use for a given name. Some are prefixes
# of the full name (Alex, Chris), most are not (Bob, Peggy, Pepe): matchers see both kinds.
NICKNAMES = {
    "Robert": ["Bob", "Rob", "Bobby"], "William": ["Bill", "Will", "Billy"], "Richard": ["Rick", "Dick", "Rich"],
    "James": ["Jim", "Jimmy", "Jamie"], "John": ["Johnny", "Jack"], "Jonathan": ["Jon", "Johnny"], "Michael": ["Mike", "Mikey"],
    "Christopher": ["Chris"], "Elizabeth": ["Liz", "Beth", "Betty", "Lizzie"], "Katherine": ["Kate", "Katie", "Kathy"],
    "Catherine": ["Cathy", "Cat"], "Kathleen": ["Kathy", "Kath"], "Margaret": ["Maggie", "Peggy", "Meg"],
    "Jennifer": ["Jen", "Jenny"], "Thomas": ["Tom", "Tommy"], "Alexander": ["Alex", "Xander"], "Daniel": ["Dan", "Danny"],
    "Matthew": ["Matt"], "Anthony": ["Tony"], "Joseph": ["Joe", "Joey"], "Samuel": ["Sam"], "Benjamin": ["Ben", "Benji"],
    "Nicholas": ["Nick", "Nicky"], "Edward": ["Ed", "Ted", "Eddie"], "Patricia": ["Pat", "Trish", "Patty"],
    "Susan": ["Sue", "Susie"], "Deborah": ["Deb", "Debbie"], "Debra": ["Deb"], "Rebecca": ["Becky", "Becca"],
    "Victoria": ["Vicky", "Tori"], "Steven": ["Steve"], "Stephen": ["Steve"], "Andrew": ["Andy", "Drew"],
    "David": ["Dave"], "Timothy": ["Tim"], "Gregory": ["Greg"], "Kenneth": ["Ken", "Kenny"], "Ronald": ["Ron", "Ronnie"],
    "Jeffrey": ["Jeff"], "Gerald": ["Jerry"], "Lawrence": ["Larry"], "Zachary": ["Zach"], "Harold": ["Harry", "Hal"],
    "Walter": ["Walt"], "Douglas": ["Doug"], "Raymond": ["Ray"], "Dorothy": ["Dot", "Dottie"], "Pamela": ["Pam"],
    "Cynthia": ["Cindy"], "Christine": ["Chris", "Tina"], "Christina": ["Tina", "Chrissy"], "Samantha": ["Sam", "Sammy"],
    "Kimberly": ["Kim"], "Amanda": ["Mandy"], "Melissa": ["Mel", "Missy"], "Stephanie": ["Steph"], "Nicole": ["Nikki"],
    "Virginia": ["Ginny"], "Barbara": ["Barb"], "Sandra": ["Sandy"], "Carolyn": ["Carrie"], "Joshua": ["Josh"],
    "Francisco": ["Paco", "Pancho"], "José": ["Pepe"], "Guadalupe": ["Lupe"], "Alejandro": ["Alex", "Ale"],
    "Fernando": ["Nando"], "Javier": ["Javi"], "María José": ["Majo"], "Juan Carlos": ["Juanca"], "José Luis": ["Pepe"],
    "Isabel": ["Isa", "Chabela"], "Jürgen": ["Jürg"], "Matthias": ["Matze"], "Franziska": ["Franzi"],
    "Hans-Jürgen": ["Hajo"], "Karl-Heinz": ["Kalle"], "Nicolas": ["Nico"], "Sébastien": ["Seb"], "Mathieu": ["Matt"],
    "Mohammed": ["Muhammad", "Mohamed", "Mo"], "Ahmed": ["Ahmad"], "Youssef": ["Yusuf", "Joe"], "Aleksandr": ["Sasha"],
    "Siddharth": ["Sid"], "Venkataraman": ["Venkat"], "Lakshmi": ["Lux"], "Aishwarya": ["Ash"], "Karthik": ["Karthi"],
    "Małgorzata": ["Gosia"], "Krzysztof": ["Chris"], "Łukasz": ["Luke"], "Wojciech": ["Wojtek"], "Pieter": ["Piet"],
    "Philippa": ["Pippa"], "Harriet": ["Hattie"], "Oliver": ["Ollie"], "Alfie": ["Alf"], "Seán": ["Shaun"],
}

# Our own fictional employers (no real company's domain), a few abroad.
COMPANIES = [
    ("Northwind Traders", "northwind.com", "US"), ("Contoso Ltd", "contoso.com", "US"), ("Fabrikam Inc", "fabrikam.com", "US"),
    ("Initech", "initech.com", "US"), ("Globex Corporation", "globex.com", "US"), ("Hooli", "hooli.com", "US"),
    ("Pied Piper", "piedpiper.com", "US"), ("Vandelay Industries", "vandelay.com", "US"), ("Wonka Industries", "wonka.com", "US"),
    ("Acme Corporation", "acme-corp.com", "US"), ("Massive Dynamic", "massivedynamic.com", "US"),
    ("Tyrell Corporation", "tyrellcorp.com", "US"), ("Cyberdyne Systems", "cyberdyne.com", "US"),
    ("Soylent Corp", "soylent-corp.com", "US"), ("Oceanic Airlines", "oceanic-air.com", "US"),
    ("Dunder Mifflin", "dundermifflin.com", "US"), ("Sterling Cooper", "sterlingcooper.com", "US"),
    ("Bluth Company", "bluthcompany.com", "US"), ("Gringotts Bank", "gringotts-bank.com", "US"),
    ("Stark Industries", "starkindustries.com", "US"), ("Wayne Enterprises", "wayne-ent.com", "US"),
    ("Umbrella Health", "umbrellahealth.com", "US"), ("Aperture Science", "aperturescience.com", "US"),
    ("Prestige Worldwide", "prestigeworldwide.com", "US"), ("Monsters Inc", "monsters-inc.com", "US"),
    ("Springfield Nuclear", "springfieldnuclear.com", "US"), ("Los Pollos Hermanos", "lospolloshermanos.com", "US"),
    ("State University", "stateu.edu", "US"), ("Lakeside Medical Center", "lakesidemed.org", "US"),
    ("Riverside Unified School District", "riversideusd.org", "US"), ("City of Springfield", "springfield-city.gov", "US"),
    ("Brightwater Consulting", "brightwater.co", "US"), ("Redwood Analytics", "redwoodanalytics.io", "US"),
    ("Summit Legal LLP", "summitlegal.com", "US"), ("Harbor Freightways", "harborfreightways.com", "US"),
    ("Beispiel GmbH", "beispiel-gmbh.de", "DE"), ("Musterfirma AG", "musterfirma.de", "DE"),
    ("Exemple SA", "exemple-sa.fr", "FR"), ("Société Fictive", "societe-fictive.fr", "FR"),
    ("Example Holdings plc", "exampleholdings.co.uk", "GB"), ("Brompton & Finch", "bromptonfinch.co.uk", "GB"),
    ("Udaan Software", "udaansoft.in", "IN"), ("Kaveri Systems", "kaverisystems.in", "IN"),
]
WORK_PATTERNS = ["first.last", "flast", "first", "firstl", "first_last", "last.first"]
TITLES = ["Software Engineer", "Senior Software Engineer", "Product Manager", "Account Executive", "Sales Manager",
          "Director of Operations", "VP Marketing", "Office Manager", "Nurse", "Physician", "Teacher", "Professor",
          "Attorney", "Paralegal", "Accountant", "Controller", "Designer", "Recruiter", "Analyst", "Consultant",
          "Customer Success Manager", "Engineering Manager", "Chief Executive Officer", "CFO", "Data Scientist",
          "Executive Assistant", "Project Manager", "Research Scientist", "Technician", "Ingénieure", "Projektleiter"]
DEPARTMENTS = ["Engineering", "Sales", "Marketing", "Finance", "Legal", "HR", "Operations", "R&D", "Support", ""]
WEBMAIL = {None: [("gmail.com", 40), ("yahoo.com", 12), ("hotmail.com", 8), ("outlook.com", 8), ("icloud.com", 10),
                  ("aol.com", 3), ("comcast.net", 3), ("me.com", 2), ("protonmail.com", 2), ("att.net", 2)],
           "GB": [("gmail.com", 40), ("btinternet.com", 12), ("hotmail.co.uk", 12), ("yahoo.co.uk", 8), ("outlook.com", 6)],
           "DE": [("gmail.com", 30), ("gmx.de", 25), ("web.de", 20), ("t-online.de", 10), ("outlook.de", 5)],
           "FR": [("gmail.com", 35), ("orange.fr", 20), ("free.fr", 15), ("laposte.net", 10), ("hotmail.fr", 10)],
           "IN": [("gmail.com", 55), ("yahoo.co.in", 15), ("rediffmail.com", 10), ("outlook.com", 8)]}
US_AREAS = ["212", "646", "718", "917", "415", "510", "650", "408", "617", "312", "773", "206", "503", "512", "713",
            "214", "305", "404", "202", "303", "602", "702", "619", "310", "213", "818", "949", "215", "412", "313",
            "612", "314", "816", "504", "615", "704", "919", "801", "808", "907"]
US_PLACES = [("New York", "NY", "100"), ("Brooklyn", "NY", "112"), ("San Francisco", "CA", "941"), ("Oakland", "CA", "946"),
             ("Boston", "MA", "021"), ("Chicago", "IL", "606"), ("Seattle", "WA", "981"), ("Portland", "OR", "972"),
             ("Austin", "TX", "787"), ("Houston", "TX", "770"), ("Miami", "FL", "331"), ("Atlanta", "GA", "303"),
             ("Washington", "DC", "200"), ("Denver", "CO", "802"), ("Phoenix", "AZ", "850"), ("Los Angeles", "CA", "900"),
             ("Philadelphia", "PA", "191"), ("Minneapolis", "MN", "554"), ("Nashville", "TN", "372"), ("Salt Lake City", "UT", "841")]
STREETS = ["Maple", "Oak", "Pine", "Cedar", "Elm", "Washington", "Lake", "Hill", "Park", "Main", "Sunset", "Highland",
           "Jefferson", "Lincoln", "Madison", "Franklin", "Chestnut", "Walnut", "Spruce", "Willow", "Riverside", "Church"]
STREET_KINDS = ["St", "Ave", "Rd", "Blvd", "Ln", "Dr", "Ct", "Way", "Street", "Avenue"]
ABROAD_PLACES = {"GB": [("London", "", "SW1A {}AA", "{} Station Road"), ("Manchester", "", "M1 {}AE", "{} Oxford Road"),
                        ("Edinburgh", "", "EH1 {}YZ", "{} Leith Walk")],
                 "DE": [("Berlin", "", "101{:02d}", "Hauptstraße {}"), ("München", "Bayern", "803{:02d}", "Leopoldstraße {}"),
                        ("Köln", "", "506{:02d}", "Gartenweg {}")],
                 "FR": [("Paris", "", "750{:02d}", "{} rue de la Paix"), ("Lyon", "", "690{:02d}", "{} avenue Jean Jaurès"),
                        ("Marseille", "", "130{:02d}", "{} boulevard Longchamp")],
                 "IN": [("Bengaluru", "Karnataka", "5600{:02d}", "{} MG Road"), ("Mumbai", "Maharashtra", "4000{:02d}", "{} Linking Road"),
                        ("Chennai", "Tamil Nadu", "6000{:02d}", "{} Anna Salai")]}
COUNTRY_NAMES = {"US": "USA", "GB": "United Kingdom", "DE": "Germany", "FR": "France", "IN": "India"}

# Keys a typo lands on by mistake: the QWERTY neighbours.
KEYBOARD = dict(zip("qwertyuiopasdfghjklzxcvbnm", ["wa", "qes", "wrd", "etf", "ryg", "tuh", "yij", "uok", "ipl", "o",
                                                   "qsz", "awdx", "sefc", "drgv", "fthb", "gyjn", "hukm", "jil", "k",
                                                   "asx", "zsdc", "xdfv", "cfgb", "vghn", "bhjm", "njk"]))


def weighted(rng, items, weights):
    return rng.choices(items, weights=weights, k=1)[0]


def zipf_pick(rng, items, exponent=0.9):
    # Surnames and employers: a few very common, a long tail, as in any real book.
    return weighted(rng, items, [1 / (rank + 1) ** exponent for rank in range(len(items))])


def ascii_fold(text):
    """For e-mail local parts: what people type when their name has letters the keyboard lacks."""
    special = {"ß": "ss", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "æ": "ae", "Æ": "AE", "đ": "d", "Đ": "D", "œ": "oe"}
    text = "".join(special.get(c, c) for c in text)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def strip_accents(text):
    """A second source that lost the accents (an old phone, an ASCII-only system): `ø` and `ß`
    survive it, since they are letters of their own, not accented ones."""
    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)))


def fold(text):
    return " ".join(ascii_fold(text).lower().replace("-", " ").replace("'", "").replace(".", "").split())


# --- Phones -----------------------------------------------------------------------------------

class Phones:
    """Unique numbers per region, each valid by `phonenumbers` so that a normaliser's failure is
    the written form's doing, never the number's. US numbers use the 555 exchange, which
    `phonenumbers` takes as valid and nobody real answers."""

    # (national prefix, national length): mobile ranges, then landlines (London, Manchester,
    # Glasgow; Berlin, Munich, Hamburg, Cologne; Paris and the regions; Mumbai, Bengaluru, Delhi).
    MOBILE = {"GB": [("74", 10), ("75", 10), ("77", 10), ("78", 10), ("79", 10)],
              "DE": [("151", 11), ("160", 11), ("170", 11), ("176", 11)],
              "FR": [("6", 9), ("7", 9)], "IN": [("9", 10), ("8", 10), ("7", 10)]}
    LANDLINE = {"GB": [("207", 10), ("208", 10), ("203", 10), ("161", 10), ("141", 10)],
                "DE": [("30", 10), ("30", 11), ("89", 10), ("40", 10), ("221", 10)],
                "FR": [("1", 9), ("2", 9), ("3", 9), ("4", 9), ("5", 9)], "IN": [("22", 10), ("80", 10), ("11", 10)]}

    def __init__(self, rng):
        self.rng, self.used = rng, set()

    def new(self, region, mobile=False):
        while True:
            if region == "US":
                national = self.rng.choice(US_AREAS) + "555" + f"{self.rng.randrange(10000):04d}"
            else:
                prefix, length = self.rng.choice((self.MOBILE if mobile else self.LANDLINE)[region])
                national = prefix + "".join(self.rng.choice("0123456789") for _ in range(length - len(prefix)))
            number = phonenumbers.parse(national, region)
            e164 = phonenumbers.format_number(number, PNF.E164)
            if phonenumbers.is_valid_number(number) and e164 not in self.used:
                self.used.add(e164)
                return e164

    # How people write numbers. US: the forms of the issue and the rest seen in exports. Foreign:
    # mostly international; sometimes the national form (a contact typed abroad or synced from a
    # foreign phone), which a US default region reads as something else or not at all.
    US_FORMATS = [("paren", 33), ("dash", 20), ("intl", 14), ("intl_paren", 9), ("dots", 7), ("e164", 6), ("one_dash", 4),
                  ("digits", 3), ("spaces", 2), ("one_paren", 2)]
    FOREIGN_FORMATS = [("intl", 48), ("e164", 18), ("intl_trunk", 7), ("us_idd", 6), ("national", 14), ("eu_idd", 7)]

    def format_kind(self, region):
        formats = self.US_FORMATS if region == "US" else self.FOREIGN_FORMATS
        return weighted(self.rng, [f for f, _ in formats], [w for _, w in formats])

    @staticmethod
    def write(e164, kind):
        number = phonenumbers.parse(e164)
        intl = phonenumbers.format_number(number, PNF.INTERNATIONAL)
        national = phonenumbers.format_number(number, PNF.NATIONAL)
        if number.country_code == 1:
            n = str(number.national_number)
            a, e, l = n[:3], n[3:6], n[6:]
            return {"paren": f"({a}) {e}-{l}", "dash": f"{a}-{e}-{l}", "intl": f"+1 {a}-{e}-{l}",
                    "intl_paren": f"+1 ({a}) {e}-{l}", "dots": f"{a}.{e}.{l}", "e164": e164, "one_dash": f"1-{a}-{e}-{l}",
                    "digits": n, "spaces": f"{a} {e} {l}", "one_paren": f"1 ({a}) {e}-{l}", "local": f"{e}-{l}"}[kind]
        cc = str(number.country_code)
        rest = intl[len(cc) + 2:]
        trunk = national[0] == "0"
        return {"intl": intl, "e164": e164, "intl_trunk": f"+{cc} (0){rest}" if trunk else intl,
                "us_idd": f"011 {cc} {rest}", "national": national, "eu_idd": f"00{cc} {rest}"}.get(kind, intl)


# --- People -----------------------------------------------------------------------------------

class Person:
    def __init__(self, ident):
        self.id = ident
        self.culture = "us"
        self.gender = "m"
        self.given = ""          # as the person writes it
        self.given_entry = None  # what was drawn (a name, or a (Latin, own script) pair)
        self.middle = ""
        self.family = ""
        self.latin = None        # (given, family) romanised, for a name written in its own script
        self.script = False      # written in Han/kana/Hangul
        self.prefix = self.suffix = ""
        self.nickname = ""
        self.region = "US"
        self.mobile = None       # E.164
        self.home = None         # E.164, shared by a household
        self.work = None         # (E.164, extension or "", is_switchboard)
        self.personal_email = None
        self.shared_email = None  # a household's address
        self.work_email = None
        self.company = None
        self.title = ""
        self.department = ""
        self.birthday = None     # (year or None, month, day)
        self.address = None      # (street, city, region, postal code, country code)
        self.household = None


class Book:
    def __init__(self, count, duplicates, seed):
        self.rng = random.Random(seed)
        self.phones = Phones(self.rng)
        self.emails = set()
        self.full_names = set()
        self.count, self.duplicates = count, duplicates
        self.companies = []
        for name, domain, region in COMPANIES:
            main = self.phones.new(region)
            self.companies.append(dict(name=name, domain=domain, region=region, main=main,
                                       pattern=self.rng.choice(WORK_PATTERNS), locals=set()))
        self.rng.shuffle(self.companies)  # which employer is the big one depends on the seed

    # Names ----------------------------------------------------------------------------------
    def pick_culture(self):
        names = list(CULTURES)
        return weighted(self.rng, names, [CULTURES[c]["share"] for c in names])

    def pick_given(self, person):
        culture = CULTURES[person.culture]
        if person.culture != "us" and person.region == "US" and self.rng.random() < 0.3:
            # Born here, or named for here: Kevin Wang, Emily Nguyen, Jason Patel.
            return self.rng.choice(CULTURES["us"]["male" if person.gender == "m" else "female"][:60])
        if "syllables" in culture:
            parts = self.rng.sample(culture["syllables"], 2 if self.rng.random() < 0.7 else 1)
            if culture.get("hyphen") and len(parts) == 2:
                return (parts[0][0] + "-" + parts[1][0].lower(), parts[0][1] + parts[1][1])
            return ("".join(p[0] for p in parts).capitalize(), "".join(p[1] for p in parts))
        pool = culture["male" if person.gender == "m" else "female"]
        if person.culture == "us" and self.rng.random() < 0.1:
            # An American with a name from elsewhere: Sofía Miller, Arjun Brooks.
            other = CULTURES[self.rng.choice(["hispanic", "indian", "french", "german", "british", "arabic", "polish"])]
            pool = other["male" if person.gender == "m" else "female"]
        return self.rng.choice(pool)

    def pick_family(self, culture):
        spec = CULTURES[culture]
        if "tail" in spec and self.rng.random() < spec["tail"][1]:
            first, second = SURNAME_PARTS[spec["tail"][0]]
            return self.rng.choice(first) + self.rng.choice(second)
        return zipf_pick(self.rng, spec["family"], 0.6)

    def name_person(self, person, family_entry, taken=()):
        culture = CULTURES[person.culture]
        family_key = family_entry[0] if isinstance(family_entry, tuple) else family_entry
        given_entry = self.pick_given(person)
        for _ in range(30):
            # No two in one household with one given name; and a namesake elsewhere in the book
            # mostly redrawn, since small name pools make far more of them than real books hold
            # (the deliberate ones come from COMMON_NAMES).
            given_key = given_entry[0] if isinstance(given_entry, tuple) else given_entry
            namesake = (given_key, family_key) in self.full_names and self.rng.random() < 0.85
            if given_entry not in taken and not namesake:
                break
            given_entry = self.pick_given(person)
        self.full_names.add((given_entry[0] if isinstance(given_entry, tuple) else given_entry, family_key))
        person.given_entry = given_entry
        if isinstance(given_entry, str) and isinstance(family_entry, tuple):
            # An English given name with an East Asian family name: written in Latin letters.
            person.given, person.family = given_entry, family_entry[0]
            return
        if isinstance(given_entry, tuple):
            # East Asian: either romanised in Western order or in the person's own script.
            family_latin, family_native = family_entry
            given_latin, given_native = given_entry
            person.latin = (given_latin, family_latin)
            if self.rng.random() < culture.get("script", 0):
                person.script, person.given, person.family = True, given_native, family_native
            else:
                person.given, person.family = given_latin, family_latin
            return
        person.given, person.family = given_entry, family_entry
        r = self.rng.random()
        if person.culture == "us" and r < 0.18:
            # A middle name, or its initial, as US cards often carry.
            other = self.rng.choice(CULTURES["us"]["male" if self.rng.random() < 0.5 else "female"])
            person.middle = other if self.rng.random() < 0.6 else other[0] + "."
        if person.culture == "hispanic" and self.rng.random() < 0.45:
            # Two family names, the second often dropped by others (and by our noise).
            second = zipf_pick(self.rng, culture["family"], 0.6)
            if second != person.family:
                person.family = f"{person.family} {second}"
        if person.culture == "vietnamese" and self.rng.random() < 0.4:
            person.middle = "Văn" if person.gender == "m" else "Thị"
        if self.rng.random() < 0.03:
            person.prefix = self.rng.choice(["Dr.", "Dr.", "Prof.", "Rev."])
        if person.gender == "m" and person.culture == "us" and self.rng.random() < 0.02:
            person.suffix = self.rng.choice(["Jr.", "Jr.", "Sr.", "III"])
        elif self.rng.random() < 0.005:
            person.suffix = self.rng.choice(["PhD", "MD", "Esq."])
        if person.given in NICKNAMES and self.rng.random() < 0.2:
            person.nickname = self.rng.choice(NICKNAMES[person.given])

    def latin_name(self, person):
        return person.latin if person.script else (person.given, person.family)

    # Channels -------------------------------------------------------------------------------
    def unique_email(self, local, domain, taken=None):
        local = "".join(c for c in ascii_fold(local).lower() if c.isalnum() or c in "._-").strip("._-") or "contact"
        candidate, n = local, 1
        while f"{candidate}@{domain}" in self.emails or (taken is not None and candidate in taken):
            n += 1
            candidate = f"{local}{n}" if self.rng.random() < 0.5 else f"{local}{self.rng.randrange(10, 99)}"
        self.emails.add(f"{candidate}@{domain}")
        if taken is not None:
            taken.add(candidate)
        return f"{candidate}@{domain}"

    def personal_address(self, person, region):
        given, family = self.latin_name(person)
        g, f = fold(given).replace(" ", ""), fold(family).replace(" ", "")
        year = f"{person.birthday[0] % 100:02d}" if person.birthday and person.birthday[0] else str(self.rng.randrange(70, 100))
        pattern = self.rng.choice(["{g}.{f}", "{g}{f}", "{i}{f}", "{f}{i}", "{g}_{f}", "{g}.{f}{y}", "{g}{y}", "{f}.{g}",
                                   "{g}{fi}", "{g}.{f}", "{g}{f}{y}", "{nick}{f}"])
        nick = fold(person.nickname).replace(" ", "") if person.nickname else g
        local = pattern.format(g=g, f=f, i=g[:1], fi=f[:1], y=year, nick=nick)
        domains = WEBMAIL.get(region if region != "US" else None, WEBMAIL[None])
        return self.unique_email(local, weighted(self.rng, [d for d, _ in domains], [w for _, w in domains]))

    def work_address(self, person, company):
        given, family = self.latin_name(person)
        g, f = fold(given).replace(" ", ""), fold(family).replace(" ", "")
        local = {"first.last": f"{g}.{f}", "flast": f"{g[:1]}{f}", "first": g, "firstl": f"{g}{f[:1]}",
                 "first_last": f"{g}_{f}", "last.first": f"{f}.{g}"}[company["pattern"]]
        return self.unique_email(local, company["domain"], company["locals"])

    def address(self, region):
        n = self.rng.randrange(1, 9999)
        if region == "US":
            city, state, zip3 = self.rng.choice(US_PLACES)
            street = f"{n} {self.rng.choice(STREETS)} {self.rng.choice(STREET_KINDS)}"
            if self.rng.random() < 0.15:
                street += f" Apt {self.rng.randrange(1, 40)}{self.rng.choice('ABCD')}"
            return (street, city, state, f"{zip3}{self.rng.randrange(100):02d}", "US")
        city, state, postal, street = self.rng.choice(ABROAD_PLACES[region])
        return (street.format(n % 200 + 1), city, state, postal.format(self.rng.randrange(1, 10)), region)

    # The people -----------------------------------------------------------------------------
    def people(self, total):
        persons = []
        common_left = max(2, total // 700)  # about a dozen extra "John Smith"s and kin per 10,000
        while len(persons) < total:
            size = weighted(self.rng, [1, 2, 3, 4], [62, 22, 11, 5])
            size = min(size, total - len(persons))
            culture = self.pick_culture()
            spec = CULTURES[culture]
            region = spec["region"] if spec.get("region") and self.rng.random() < spec.get("foreign", 0) else "US"
            family_entry = self.pick_family(culture)
            household = dict(home=self.phones.new(region) if self.rng.random() < (0.6 if size > 1 else 0.15) else None,
                             address=self.address(region), shared_email=None)
            members = []
            for k in range(size):
                p = Person(f"p{len(persons):05d}")
                p.culture, p.region = culture, region
                p.gender = "m" if self.rng.random() < 0.5 else "f"
                p.household = household
                # A spouse keeps their own family name now and then; children take the family's.
                fam = self.pick_family(culture) if k == 1 and self.rng.random() < 0.25 else family_entry
                self.name_person(p, fam, {m.given_entry for m in members})
                if k == 0 and size == 1 and common_left > 0 and self.rng.random() < 0.05:
                    given, family, culture2, gender = self.rng.choice(COMMON_NAMES)
                    p.given, p.family, p.middle, p.culture, p.gender = given, family, "", culture2, gender
                    p.latin, p.script = None, False
                    common_left -= 1
                self.fill(p, household, child=k >= 2)
                persons.append(p)
                members.append(p)
            if size > 1 and self.rng.random() < 0.1:
                # "thesmiths@…": one address for the whole household, on every member's card.
                lead = members[0]
                fam = fold(self.latin_name(lead)[1]).replace(" ", "")
                shared = self.unique_email(f"the{fam}s" if self.rng.random() < 0.5 else f"{fam}family", "gmail.com")
                for p in members:
                    p.shared_email = shared
        return persons

    def fill(self, p, household, child):
        rng = self.rng
        if rng.random() < 0.35:
            year = None if rng.random() < 0.2 else rng.randrange(1940, 2012 if child else 2002)
            month = rng.randrange(1, 13)
            p.birthday = (year, month, rng.randrange(1, 29 if month == 2 else 31))
        p.home = household["home"]
        p.address = household["address"]
        if not child or rng.random() < 0.5:
            p.mobile = self.phones.new(p.region, mobile=True) if rng.random() < 0.93 else None
        if not child and rng.random() < 0.55:
            local = [c for c in self.companies if c["region"] == p.region] or self.companies
            # Employers: a few big ones (the owner's own among them), many with a handful.
            company = zipf_pick(rng, local, 0.8)
            p.company = company
            p.title = rng.choice(TITLES) if rng.random() < 0.75 else ""
            p.department = rng.choice(DEPARTMENTS) if rng.random() < 0.2 else ""
            if rng.random() < 0.85:
                p.work_email = self.work_address(p, company)
            r = rng.random()
            if r < 0.15:
                # The switchboard: colleagues share it, some with their extension.
                p.work = (company["main"], f"{rng.randrange(100, 999)}" if rng.random() < 0.4 else "", True)
            elif r < 0.55:
                p.work = (self.phones.new(company["region"]), "", False)
        if rng.random() < (0.8 if not child else 0.4):
            p.personal_email = self.personal_address(p, p.region)
        if p.mobile is None and p.home is None and p.work is None and p.personal_email is None and p.work_email is None:
            p.mobile = self.phones.new(p.region, mobile=True)


# --- Records ----------------------------------------------------------------------------------

class Record:
    """One card as a source wrote it: the written forms, plus the canonical values for the summary."""

    def __init__(self, person):
        self.person = person
        self.given = self.middle = self.family = ""
        self.prefix = self.suffix = self.nickname = ""
        self.formatted = ""
        self.phones = []   # (written, label, e164)
        self.emails = []   # (written, label)
        self.org = self.title = self.department = ""
        self.birthday = None
        self.address = None
        self.uid = ""


def compose(record):
    parts = [record.prefix, record.given, record.middle, record.family, record.suffix]
    if record.person.script and record.family and record.given and not record.given.isascii():
        # CJK order, as Apple and Google show these names: family first, no space in Chinese.
        sep = " " if CULTURES[record.person.culture].get("spaced") else ""
        return record.family + sep + record.given
    return " ".join(x for x in parts if x)


class Writer:
    def __init__(self, book):
        self.book, self.rng = book, book.rng

    def phone_entries(self, person):
        entries = []
        if person.mobile:
            entries.append(("mobile", person.mobile, ""))
        if person.home:
            entries.append(("home", person.home, ""))
        if person.work:
            entries.append(("work" if not person.work[2] else "main", person.work[0], person.work[1]))
        return entries

    def email_entries(self, person):
        entries = []
        if person.personal_email:
            entries.append(("home", person.personal_email))
        if person.work_email:
            entries.append(("work", person.work_email))
        if person.shared_email:
            entries.append(("home", person.shared_email))
        return entries

    def write_phone(self, e164, extension, kind):
        text = Phones.write(e164, kind)
        if extension:
            text += self.rng.choice([f" x{extension}", f" ext. {extension}", f" ext {extension}", f";ext={extension}"])
        return text

    def base(self, person):
        """The person's first card in the book: mostly complete, in the forms its source liked."""
        rng = self.rng
        r = Record(person)
        r.given, r.middle, r.family = person.given, person.middle, person.family
        r.prefix, r.suffix = person.prefix, person.suffix
        r.nickname = person.nickname if rng.random() < 0.6 else ""
        us_style = self.book.phones.format_kind("US")
        for label, e164, ext in self.phone_entries(person):
            keep = {"mobile": 0.92, "home": 0.75, "work": 0.8, "main": 0.8}[label]
            if rng.random() < keep:
                region = phonenumbers.region_code_for_number(phonenumbers.parse(e164))
                # One source writes all its US numbers one way; foreign ones vary more.
                kind = us_style if region == "US" else self.book.phones.format_kind(region)
                r.phones.append((self.write_phone(e164, ext, kind), label, e164))
        for label, email in self.email_entries(person):
            if rng.random() < (0.85 if label == "work" else 0.8):
                r.emails.append((email if rng.random() > 0.06 else title_case_email(email), label))
        if not r.phones and not r.emails and rng.random() > 0.01:
            self.add_any_channel(r, person)
        if person.company and rng.random() < 0.9:
            r.org, r.department = person.company["name"], person.department
            r.title = person.title if rng.random() < 0.85 else ""
        if person.birthday and rng.random() < 0.9:
            r.birthday = person.birthday
        if person.address and rng.random() < 0.45:
            r.address = person.address
        return r

    def add_any_channel(self, r, person):
        phones, emails = self.phone_entries(person), self.email_entries(person)
        if phones and (not emails or self.rng.random() < 0.5):
            label, e164, ext = self.rng.choice(phones)
            r.phones.append((self.write_phone(e164, ext, self.book.phones.format_kind(region_of(e164))), label, e164))
        elif emails:
            label, email = self.rng.choice(emails)
            r.emails.append((email, label))

    def duplicate(self, person, first):
        """Another source's card of the same person: a phone's SIM or old phone (name and a
        number), a mail account (name and addresses), or a second full card, each with noise."""
        rng = self.rng
        r = Record(person)
        r.given, r.middle, r.family = person.given, person.middle, person.family
        r.prefix, r.suffix = person.prefix, person.suffix
        source = weighted(rng, ["sim", "mail", "card"], [25, 25, 50])
        phones, emails = self.phone_entries(person), self.email_entries(person)
        if source == "sim":
            r.middle, r.prefix, r.suffix = "", "", ""
            chosen = [p for p in phones if p[0] == "mobile"] or phones[:1]
            if len(phones) > 1 and rng.random() < 0.3:
                chosen = phones
            picked_phones, picked_emails = chosen, []
        elif source == "mail":
            picked_phones = []
            picked_emails = [e for e in emails if rng.random() < 0.8] or emails[:1]
        else:
            picked_phones = [p for p in phones if rng.random() < 0.75]
            picked_emails = [e for e in emails if rng.random() < 0.75]
            r.nickname = person.nickname if rng.random() < 0.4 else ""
            if person.company and rng.random() < 0.7:
                r.org, r.department = person.company["name"], person.department
                r.title = person.title if rng.random() < 0.7 else ""
            if person.address and rng.random() < 0.35:
                r.address = person.address
        if not picked_phones and not picked_emails:
            picked_phones, picked_emails = (phones[:1], []) if phones else ([], emails[:1])
        # Most second cards share a channel with the first; about 8 % share only the name, which
        # is what makes suggestions without a shared channel worth having.
        first_phones = {e for _, _, e in first.phones}
        first_emails = {e.lower() for e, _ in first.emails}
        shares = any(e in first_phones for _, e, _ in picked_phones) or any(e in first_emails for _, e in picked_emails)
        if not shares and (first_phones or first_emails) and rng.random() < 0.92:
            if first.phones and (not first.emails or rng.random() < 0.5):
                e164 = rng.choice(sorted(first_phones))
                picked_phones = picked_phones + [p for p in phones if p[1] == e164][:1]
            else:
                email = rng.choice(sorted(first_emails))
                picked_emails = picked_emails + [e for e in emails if e[1] == email][:1]
        written_kinds = {}
        for written, _, e164 in first.phones:
            written_kinds[e164] = written
        for label, e164, ext in picked_phones:
            kind = self.book.phones.format_kind(region_of(e164))
            text = self.write_phone(e164, ext if rng.random() < 0.7 else "", kind)
            if text == written_kinds.get(e164) and rng.random() < 0.8:
                # "phone reformatted": a second source seldom writes it exactly as the first.
                text = self.write_phone(e164, ext, self.book.phones.format_kind(region_of(e164)))
            if region_of(e164) == "US" and rng.random() < 0.01:
                text = Phones.write(e164, "local")  # an old card without the area code
            if source == "sim" and label == "home" and rng.random() < 0.5:
                label = "mobile"  # SIM cards know no labels
            r.phones.append((text, label, e164))
        for label, email in picked_emails:
            r.emails.append((change_case(rng, email) if rng.random() < 0.25 else email, label))
        if rng.random() < 0.15:
            # An extra address the first card never had: a new job's, another webmail.
            if person.company and rng.random() < 0.3:
                extra = self.book.work_address(person, person.company)
            else:
                extra = self.book.personal_address(person, person.region)
            r.emails.append((extra, "other" if rng.random() < 0.3 else "home"))
        if person.birthday and source == "card":
            b = rng.random()
            if b < 0.55:
                r.birthday = person.birthday
            elif b < 0.62:
                r.birthday = clash(rng, person.birthday)
        self.name_noise(r, person, source)
        return r

    def name_noise(self, r, person, source):
        rng = self.rng
        if person.script:
            # A name in its own script: the other source has it romanised, or the same.
            if rng.random() < 0.5:
                r.given, r.family = person.latin
            return
        chance = {"sim": 0.75, "mail": 0.5, "card": 0.45}[source]
        if rng.random() >= chance:
            return
        kinds = ["typo", "accents", "last_first", "nickname", "initial", "case", "middle", "family_variant", "given_only",
                 "honorific"]
        weights = [26, 10, 9, 13, 8, 8, 8, 8, 4, 3]
        for _ in range(2 if rng.random() < 0.15 else 1):
            kind = weighted(rng, kinds, weights)
            if kind == "accents" and strip_accents(r.given + r.family) == r.given + r.family:
                kind = "typo"
            if kind == "nickname" and r.given not in NICKNAMES:
                kind = "initial" if rng.random() < 0.3 else "typo"
            if kind == "family_variant" and not any(c in r.family for c in " -'"):
                kind = "typo"
            if kind == "middle" and not r.middle:
                r.middle = rng.choice("ABCDEFGHJKLMNPRSTW") + ("." if rng.random() < 0.6 else "")
            elif kind == "middle":
                r.middle = ""
            if kind == "typo":
                if r.family and rng.random() < 0.55:
                    r.family = typo(rng, r.family)
                else:
                    r.given = typo(rng, r.given)
            elif kind == "accents":
                r.given, r.family, r.middle = strip_accents(r.given), strip_accents(r.family), strip_accents(r.middle)
            elif kind == "nickname":
                r.given = rng.choice(NICKNAMES[r.given])
            elif kind == "initial":
                r.given = r.given[0] + ("." if rng.random() < 0.7 else "")
                r.middle = ""
            elif kind == "case":
                up = rng.random() < 0.5
                r.given, r.family = (r.given.upper(), r.family.upper()) if up else (r.given.lower(), r.family.lower())
            elif kind == "family_variant":
                r.family = family_variant(rng, r.family)
            elif kind == "given_only":
                r.family, r.middle, r.prefix, r.suffix = "", "", "", ""
            elif kind == "honorific" and not r.prefix:
                r.prefix = rng.choice(["Mr.", "Mrs.", "Ms.", "Dr.", "Mr"])
            elif kind == "last_first":
                r.last_first = True

    def finish(self, r):
        if getattr(r, "last_first", False) and r.family and r.given:
            # Typed into the first-name field as one string, as happens on phones and in CRMs:
            # "García López, María" with no family name of its own.
            text = f"{r.family}, {r.given}" + (f" {r.middle}" if r.middle and self.rng.random() < 0.5 else "")
            r.given, r.middle, r.family, r.prefix, r.suffix = text, "", "", "", ""
        r.formatted = compose(r)
        r.uid = str(uuid.UUID(int=self.rng.getrandbits(128), version=4)).upper()


def region_of(e164):
    return phonenumbers.region_code_for_number(phonenumbers.parse(e164))


def title_case_email(email):
    local, domain = email.split("@")
    return ".".join(p.capitalize() for p in local.split(".")) + "@" + domain.capitalize()


def change_case(rng, email):
    local, domain = email.split("@")
    return rng.choice([title_case_email(email), email.upper(), local + "@" + domain.upper(), local.capitalize() + "@" + domain])


def typo(rng, word):
    """One slip of the fingers: letters swapped, one dropped, one doubled, a neighbour hit. The
    first letter is kept (people rarely get it wrong), as is any word too short to survive it."""
    letters = [i for i, c in enumerate(word) if c.isalpha() and i > 0]
    if len(word) < 3 or not letters:
        return word
    i = rng.choice(letters)
    kind = rng.choice(["swap", "drop", "double", "near"])
    if kind == "swap" and i + 1 < len(word) and word[i + 1].isalpha() and word[i + 1] != word[i]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "drop":
        return word[:i] + word[i + 1:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    near = KEYBOARD.get(word[i].lower())
    if near:
        c = rng.choice(near)
        return word[:i] + (c.upper() if word[i].isupper() else c) + word[i + 1:]
    return word[:i] + word[i + 1:]


def family_variant(rng, family):
    """What a second source makes of a family name with a space, hyphen or apostrophe."""
    if " " in family and family.split()[0].lower() in ("van", "de", "le", "ó", "o"):
        return rng.choice([family.title(), family.replace(" ", ""), family.split()[-1]])
    if " " in family:  # García López → García
        return family.split()[0] if rng.random() < 0.8 else family.replace(" ", "-")
    if "-" in family:
        return rng.choice([family.replace("-", " "), family.split("-")[0], family.replace("-", "")])
    return rng.choice([family.replace("'", ""), family.replace("'", " "), family.replace("'", "’")])


def clash(rng, birthday):
    """A mistyped birthday: a day off, day and month swapped, or the year off by one."""
    year, month, day = birthday
    options = [(year, month, day % 28 + 1)]
    if day <= 12 and day != month:
        options.append((year, day, month))
    if year:
        options.append((year + rng.choice([-1, 1]), month, day))
    return rng.choice(options)


# --- Files ------------------------------------------------------------------------------------

VCARD_TEL = {"mobile": "CELL,VOICE", "home": "HOME,VOICE", "work": "WORK,VOICE", "main": "MAIN", "other": "OTHER"}
GOOGLE_LABEL = {"mobile": "Mobile", "home": "Home", "work": "Work", "main": "Main", "other": "Other"}


def vtext(value):
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace(",", "\\,").replace(";", "\\;")


def fold_line(line):
    """RFC 2425 folding at 75 octets, never inside a UTF-8 sequence."""
    out, current, size = [], "", 0
    for ch in line:
        n = len(ch.encode())
        if size + n > 75:
            out.append(current)
            current, size = " ", 1
        current += ch
        size += n
    out.append(current)
    return "\r\n".join(out)


def birthday_text(birthday, vcard, rng):
    year, month, day = birthday
    if year is None:
        return f"--{month:02d}{day:02d}" if vcard else f"--{month:02d}-{day:02d}"
    if vcard and rng.random() < 0.1:
        return f"{year:04d}{month:02d}{day:02d}"  # 3.0 allows the basic form; some exporters write it
    return f"{year:04d}-{month:02d}-{day:02d}"


def vcard(r, rng):
    lines = ["BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Kindred//rin_addressbook//EN",
             "N:" + ";".join(vtext(x) for x in [r.family, r.given, r.middle, r.prefix, r.suffix]),
             "FN:" + vtext(r.formatted)]
    if r.nickname:
        lines.append("NICKNAME:" + vtext(r.nickname))
    if r.org:
        lines.append("ORG:" + vtext(r.org) + (";" + vtext(r.department) if r.department else ""))
    if r.title:
        lines.append("TITLE:" + vtext(r.title))
    for i, (email, label) in enumerate(r.emails):
        kind = "INTERNET," + label.upper() + (",pref" if i == 0 and len(r.emails) > 1 else "")
        lines.append(f"EMAIL;TYPE={kind}:{email}")
    for i, (text, label, _) in enumerate(r.phones):
        kind = VCARD_TEL[label] + (",pref" if i == 0 and len(r.phones) > 1 else "")
        lines.append(f"TEL;TYPE={kind}:{text}")
    if r.address:
        street, city, region, postal, country = r.address
        lines.append("ADR;TYPE=HOME:;;" + ";".join(vtext(x) for x in [street, city, region, postal, COUNTRY_NAMES[country]]))
    if r.birthday:
        lines.append("BDAY:" + birthday_text(r.birthday, True, rng))
    lines += ["UID:" + r.uid, "END:VCARD"]
    return "".join(fold_line(line) + "\r\n" for line in lines)


# Google Contacts' "Google CSV" header since 2023 (as Tests/RinFormatsTests/CSVFixtures.swift
# has it), with as many numbered E-mail and Phone columns as the fullest record needs.
def google_header(emails, phones):
    head = ["First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name", "Phonetic Last Name",
            "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name", "Organization Title",
            "Organization Department", "Birthday", "Notes", "Photo", "Labels"]
    for n in range(1, emails + 1):
        head += [f"E-mail {n} - Label", f"E-mail {n} - Value"]
    for n in range(1, phones + 1):
        head += [f"Phone {n} - Label", f"Phone {n} - Value"]
    head += ["Address 1 - Label", "Address 1 - Formatted", "Address 1 - Street", "Address 1 - City", "Address 1 - PO Box",
             "Address 1 - Region", "Address 1 - Postal Code", "Address 1 - Country", "Address 1 - Extended Address"]
    return head


def google_groups(values):
    """Google packs values with one label into one cell (`a ::: b`), the first primary-starred."""
    groups = []
    for value, label in values:
        for g in groups:
            if g[0] == label:
                g[1].append(value)
                break
        else:
            groups.append((label, [value]))
    return groups


def google_row(r, header, rng):
    row = dict.fromkeys(header, "")
    row.update({"First Name": r.given, "Middle Name": r.middle, "Last Name": r.family, "Name Prefix": r.prefix,
                "Name Suffix": r.suffix, "Nickname": r.nickname, "Organization Name": r.org, "Organization Title": r.title,
                "Organization Department": r.department, "Labels": "* myContacts"})
    if r.birthday:
        row["Birthday"] = birthday_text(r.birthday, False, rng)
    for kind, values in (("E-mail", [(e, GOOGLE_LABEL[l]) for e, l in r.emails]),
                         ("Phone", [(t, GOOGLE_LABEL[l]) for t, l, _ in r.phones])):
        for n, (label, group) in enumerate(google_groups(values), 1):
            row[f"{kind} {n} - Label"] = ("* " if n == 1 and len(values) > 1 else "") + label
            row[f"{kind} {n} - Value"] = " ::: ".join(group)
    if r.address:
        street, city, region, postal, country = r.address
        row.update({"Address 1 - Label": "Home", "Address 1 - Street": street, "Address 1 - City": city,
                    "Address 1 - Region": region, "Address 1 - Postal Code": postal,
                    "Address 1 - Country": COUNTRY_NAMES[country],
                    "Address 1 - Formatted": f"{street}\n{city}{', ' + region if region else ''} {postal}\n{COUNTRY_NAMES[country]}"})
    return [row[h] for h in header]


def generate(count, duplicates, seed, out):
    book = Book(count, duplicates, seed)
    rng = book.rng
    dup_records = round(count * duplicates)
    entities = count - dup_records
    twice = min(round(dup_records * 0.09), entities // 2)
    once = dup_records - 2 * twice
    if once + twice > entities:
        sys.exit("rin_addressbook: too many duplicates for the count (at most about half the records)")
    persons = book.people(entities)
    writer = Writer(book)
    records = []
    firsts = {}
    for p in persons:
        r = writer.base(p)
        firsts[p.id] = r
        records.append(r)
    chosen = rng.sample(persons, once + twice)
    for i, p in enumerate(chosen):
        for _ in range(2 if i < twice else 1):
            records.append(writer.duplicate(p, firsts[p.id]))
    for r in records:
        writer.finish(r)
    # Shuffled, so a matcher cannot lean on neighbours, and truth has to be read.
    rng.shuffle(records)

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "contacts.vcf"), "w", encoding="utf-8", newline="") as f:
        for r in records:
            f.write(vcard(r, rng))
    header = google_header(max(len(google_groups([(e, l) for e, l in r.emails])) for r in records),
                           max(len(google_groups([(t, l) for t, l, _ in r.phones])) for r in records))
    with open(os.path.join(out, "contacts.csv"), "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\r\n")
        w.writerow(header)
        for r in records:
            w.writerow(google_row(r, header, rng))
    with open(os.path.join(out, "truth.tsv"), "w", encoding="utf-8", newline="") as f:
        f.write(f"# rin_addressbook.py --count {count} --duplicates {duplicates} --seed {seed}: ordinal (0-based, "
                "contacts.vcf and contacts.csv) <TAB> entity (one person)\n")
        for i, r in enumerate(records):
            f.write(f"{i}\t{r.person.id}\n")
    summarise(records, once, twice)


def summarise(records, once, twice):
    """The figures, and how hard the book is: which true pairs share a channel (by the generator's
    canonical values, so a foreign number in national form still counts here), and the traps."""
    by_entity = defaultdict(list)
    for i, r in enumerate(records):
        by_entity[r.person.id].append(i)
    true_pairs = [pair for ids in by_entity.values() for pair in combinations(ids, 2)]

    def phones(r):
        return {e for _, _, e in r.phones}

    def emails(r):
        return {e.lower() for e, _ in r.emails}

    def name(r):
        return fold(r.given.replace(",", " ") + " " + r.family)

    kinds = Counter()
    for a, b in true_pairs:
        ra, rb = records[a], records[b]
        channel = "e-mail" if emails(ra) & emails(rb) else "phone only" if phones(ra) & phones(rb) else "no channel"
        same = "same name" if sorted(name(ra).split()) == sorted(name(rb).split()) and name(ra) else "name differs"
        kinds[(channel, same)] += 1
    trap = Counter()
    for key_of, label in ((phones, "phone"), (emails, "e-mail")):
        holders = defaultdict(set)
        for i, r in enumerate(records):
            for k in key_of(r):
                holders[k].add(i)
        pairs = set()
        for ids in holders.values():
            for a, b in combinations(sorted(ids), 2):
                if records[a].person is not records[b].person:
                    pairs.add((a, b))
        trap[label] = len(pairs)
    names = defaultdict(set)
    for r in records:
        if r.family:
            names[name(r)].add(r.person.id)
    same_name_people = sum(len(v) for v in names.values() if len(v) > 1)
    print(f"records {len(records)}, entities {len(by_entity)}, duplicate records {len(records) - len(by_entity)} "
          f"({once} people once, {twice} twice), true duplicate pairs {len(true_pairs)}")
    print("true pairs by evidence: " + ", ".join(f"{c}/{s} {kinds[(c, s)]}" for c in ("e-mail", "phone only", "no channel")
                                                   for s in ("same name", "name differs")))
    print(f"traps: {trap['phone']} pairs of different people sharing a phone, {trap['e-mail']} sharing an e-mail; "
          f"{same_name_people} people share their full name with someone else")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--duplicates", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if not 0 <= args.duplicates < 0.6 or args.count < 10:
        parser.error("--duplicates must be in [0, 0.6) and --count at least 10")
    generate(args.count, args.duplicates, args.seed, args.out)


if __name__ == "__main__":
    main()
