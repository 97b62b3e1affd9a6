import Testing
@testable import RinMatching

/// docs/RIN.md §2.3: compatible names and name similarity.
@Suite struct NameKeyTests {
    @Test func foldsAndDropsPunctuation() {
        let key = NameKey(formatted: "Dr. Zoë Ångström-O’Brien, PhD")
        #expect(key.given == ["zoe"])
        #expect(key.family == ["angstrom", "obrien"])
        #expect(key.fullKey == "zoe angstrom obrien")
        #expect(NameKey(formatted: "J.Q. Adams").given == ["j", "q"])
        #expect(NameKey(formatted: "John Quincy Adams").initials == ["j", "q"])
    }

    @Test func sameKeyAcrossSpellings() {
        #expect(NameKey(formatted: "Zoë Ångström") == NameKey(formatted: "Zoe Angstrom"))
        #expect(NameKey(formatted: "ZOË ÅNGSTRÖM") == NameKey(formatted: "zoe angstrom"))
        #expect(NameKey(formatted: "Hans Großmann") == NameKey(formatted: "Hans Grossmann"))
        #expect(NameKey(formatted: "Hans GROSSMANN") == NameKey(formatted: "hans großmann"))
        #expect(NameKey(formatted: "Ayşe Işık") == NameKey(formatted: "AYŞE IŞIK"))
        #expect(NameKey(formatted: "Ayşe Işık") == NameKey(formatted: "Ayse Isik"))
        #expect(NameKey(formatted: "İlker Yılmaz") == NameKey(formatted: "Ilker Yilmaz"))
        #expect(NameKey(formatted: "Mr John  Smith") == NameKey(formatted: "john smith"))
        #expect(NameKey(formatted: "Smith, John") == NameKey(formatted: "John Smith"))
    }

    @Test func japaneseComparedExactly() {
        #expect(NameKey(formatted: "山田 太郎") == NameKey(formatted: "山田　太郎"))
        #expect(NameKey(formatted: "山田 太郎") != NameKey(formatted: "山田 次郎"))
        #expect(NameKey(formatted: "山田 ガク") != NameKey(formatted: "山田 カク"))
    }
}

@Suite struct CompatibleNameTests {
    @Test(arguments: [
        ("J. Smith", "John Smith"),
        ("John Smith", "John Smith"),
        ("Jon Smith", "Jonathan Smith"),
        ("John Smith", "John Quincy Smith"),
        ("J. Q. Smith", "John Quincy Smith"),
        ("Dr John Smith", "John Smith Jr."),
        ("Smith, J.", "John Smith"),
        ("Zoë Ångström", "Zoe Angstrom"),
        ("Z. Ångström", "Zoe Angstrom"),
        ("Hans Großmann", "H. Grossmann"),
        ("Ayşe Işık", "A. Isik"),
        ("Άννα Παπαδοπούλου", "Αννα Παπαδοπουλου"),
        ("山田 太郎", "山田　太郎"),
        ("", "John Smith"),
        ("John Smith", ""),
    ])
    func compatible(a: String, b: String) {
        #expect(NameKey.compatible(NameKey(formatted: a), NameKey(formatted: b)))
        #expect(NameKey.compatible(NameKey(formatted: b), NameKey(formatted: a)))
    }

    @Test(arguments: [
        ("John Smith", "Jane Smith"),
        ("John Smith", "John Smyth"),
        ("J. Smith", "K. Smith"),
        ("John Quincy Smith", "John Robert Smith"),
        ("Smith John", "John Smith"),
        ("Smith", "John Smith"),
        ("John", "John Smith"),
        ("山田 太郎", "山田 次郎"),
        ("李 明", "李 明华"),
        ("Ayşe Işık", "Ayşe Işıl"),
    ])
    func notCompatible(a: String, b: String) {
        #expect(!NameKey.compatible(NameKey(formatted: a), NameKey(formatted: b)))
        #expect(!NameKey.compatible(NameKey(formatted: b), NameKey(formatted: a)))
    }
}

@Suite struct SimilarityTests {
    @Test func knownJaroWinklerValues() {
        // The textbook pairs from Winkler's papers.
        #expect(abs(JaroWinkler.similarity("martha", "marhta") - 0.9611) < 0.0001)
        #expect(abs(JaroWinkler.similarity("dwayne", "duane") - 0.84) < 0.0001)
        #expect(abs(JaroWinkler.similarity("dixon", "dicksonx") - 0.8133) < 0.0001)
        #expect(JaroWinkler.similarity("abc", "xyz") == 0)
        #expect(JaroWinkler.similarity("same", "same") == 1)
    }

    @Test func namesInRange() {
        let pairs = [("John Smith", "Jon Smith"), ("Zoë Ångström", "Zoe Angstrom"), ("山田 太郎", "山田 次郎"), ("Ada", "Bob Brown")]
        for (a, b) in pairs {
            let score = NameKey.similarity(NameKey(formatted: a), NameKey(formatted: b))
            #expect((0...1).contains(score), "\(a) / \(b): \(score)")
        }
    }

    @Test func similarNamesPassTheDocumentsLine() {
        // §2.3: similar means Jaro-Winkler ≥ 0.92.
        func score(_ a: String, _ b: String) -> Double { NameKey.similarity(NameKey(formatted: a), NameKey(formatted: b)) }
        #expect(score("Zoë Ångström", "Zoe Angstrom") == 1)
        #expect(score("Smith John", "John Smith") == 1)
        #expect(score("Jonathan Smith", "Jonathon Smith") >= 0.92)
        #expect(score("Catherine Zeta", "Katherine Zeta") >= 0.92)
        #expect(score("John Smith", "Mary Jones") < 0.92)
        #expect(score("John Smith", "Jane Smith") < 0.92)
        #expect(score("", "John Smith") == 0)
    }
}
