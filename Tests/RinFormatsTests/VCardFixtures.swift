import Foundation
import RinFormats
import Testing

/// Cards as the exporters write them, and the small helpers the suites share.
enum VCardFixtures {
    /// iPhone / macOS Contacts, "Export vCard": 3.0, lowercase `type=`, grouped labels, `type=pref`,
    /// the year-less birthday trick, a folded base64 photo.
    static let apple = crlf(#"""
    BEGIN:VCARD
    VERSION:3.0
    PRODID:-//Apple Inc.//iPhone OS 17.4//EN
    N:Appleseed;John;Quincy;Dr.;Jr.
    FN:Dr. John Q. Appleseed Jr.
    NICKNAME:Johnny
    ORG:Apple Inc.;Engineering;
    TITLE:Engineer
    item1.EMAIL;type=INTERNET;type=pref:john@example.com
    item1.X-ABLabel:_$!<Other>!$_
    EMAIL;type=INTERNET;type=WORK:jappleseed@apple.example
    TEL;type=CELL;type=VOICE;type=pref:(408) 555-0101
    item2.TEL:+1 408 555 0199
    item2.X-ABLabel:Lake house
    item3.ADR;type=HOME;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States
    item3.X-ABADR:us
    item4.URL;type=pref:https\://www.apple.com
    item4.X-ABLabel:_$!<HomePage>!$_
    BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-15
    NOTE:Met at WWDC\, 2019.\nLikes hiking\; coffee.
    PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAAECAwQFBgcICQoLDA0ODxAREhMU
     FRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7
    X-ABUID:5B1F7E2C-3B3A-4C7E-9B1E-1A2B3C4D5E6F:ABPerson
    END:VCARD

    """#)

    /// Google Contacts, "Export → vCard": 3.0 with bare line feeds, `TYPE=INTERNET`, a link photo.
    static let google = #"""
    BEGIN:VCARD
    VERSION:3.0
    FN:María José García
    N:García;María José;;;
    NICKNAME:Majo,MJ
    EMAIL;TYPE=INTERNET;TYPE=HOME:majo@example.com
    EMAIL;TYPE=INTERNET;TYPE=WORK:mj.garcia@work.example
    TEL;TYPE=CELL:+34 600 123 456
    TEL;TYPE=WORK:+34 91 123 45 67
    ADR;TYPE=HOME:;;Calle Mayor 1\, 2º B;Madrid;;28013;España
    ORG:Ejemplo S.L.
    TITLE:Directora
    BDAY:--07-04
    item1.URL:https\://majo.example.com
    item1.X-ABLabel:blog
    NOTE:Conocida en la conferencia.
    CATEGORIES:myContacts,Friends
    PHOTO:https://lh3.googleusercontent.com/a/photo123
    END:VCARD

    """#

    /// An Android phone's 2.1 export: UTF-8 in quoted-printable with a soft line break, bare
    /// parameters, and a base64 photo indented two spaces and ended by a blank line.
    static let android = crlf(#"""
    BEGIN:VCARD
    VERSION:2.1
    N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=85str=C3=B6m;Bj=C3=B6rn;;;
    FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Bj=C3=B6rn =C3=85str=C3=B6m
    TEL;CELL;PREF:+46701234567
    TEL;HOME;VOICE:08-123 456
    EMAIL;HOME:bjorn@example.se
    ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Storgatan 1;Stockholm;;111 22;Sverige
    NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:F=C3=B6rsta raden=0D=0AAndra raden =C3=A4r l=C3=A5ng och fort=
    s=C3=A4tter p=C3=A5 n=C3=A4sta rad
    BDAY:19800215
    PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAAECAwQFBgcICQoLDA0ODxAREhMU
      FRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7

    END:VCARD

    """#)

    /// Outlook's 2.1 export on a German Windows: Windows-1252 bytes, some lines declaring
    /// `CHARSET=ISO-8859-1`, some declaring nothing.
    static let outlook = windows1252(crlf(#"""
    BEGIN:VCARD
    VERSION:2.1
    N;LANGUAGE=de;CHARSET=ISO-8859-1:Müller;Jürgen
    FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller
    ORG:Contoso GmbH;Vertrieb
    TEL;WORK;VOICE:+49 30 1234567
    EMAIL;PREF;INTERNET:juergen.mueller@contoso.example
    ADR;WORK;PREF:;;Hauptstraße 5;Berlin;;10115;Deutschland
    LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Hauptstra=DFe 5=0D=0A10115 Berlin
    NOTE:Preis 10 €
    REV:20240101T120000Z
    END:VCARD

    """#))

    /// vCard 4.0 (RFC 6350): `PREF=1`, a `tel:` URI, a quoted `TYPE` list, a quoted parameter
    /// holding `:` `;` `,`, an RFC 6868 caret, and a `data:` photo.
    static let four = crlf(#"""
    BEGIN:VCARD
    VERSION:4.0
    UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1
    FN:Ada Lovelace
    N:Lovelace;Ada;Augusta,King;The Hon.;
    GENDER:F
    EMAIL;TYPE=work;PREF=2:ada@analytical.example
    EMAIL;TYPE=home;PREF=1:ada@home.example
    TEL;VALUE=uri;TYPE="voice,home";PREF=1:tel:+44-20-7946-0018
    ADR;TYPE=home;LABEL="12 St James's Square^nLondon, SW1Y 4JH":;;12 St James's Square;London;;SW1Y 4JH;United Kingdom
    X-SOCIALPROFILE;TYPE=mastodon;X-USER="ada:lovelace; yes, really":https://example.social/@ada
    BDAY:18151210
    ANNIVERSARY:18350708
    PHOTO:data:image/png;base64,iVBORw0KGgoAAQIDBAUGBwgJCgsMDQ4PEBESEw==
    URL;TYPE=work:https://example.org/ada
    END:VCARD

    """#)

    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01] + (0..<60).map { UInt8($0) })
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<20).map { UInt8($0) })

    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// The bytes a Windows-1252 machine writes for `text` (its characters are all Latin-1 or €).
    static func windows1252(_ text: String) -> Data {
        Data(text.unicodeScalars.map { $0 == "€" ? 0x80 : UInt8(truncatingIfNeeded: $0.value) })
    }

    /// A card of one version around `lines`, with CR LF line ends.
    static func crlfCard(_ lines: String, version: String = "4.0") -> String {
        Self.crlf("BEGIN:VCARD\nVERSION:\(version)\n\(lines)\nEND:VCARD\n")
    }

    static func only(_ text: String) throws -> (VCard, ContactCard) {
        let parsed = try VCardParser().parse(text)
        let card = try #require(parsed.cards.first)
        #expect(parsed.cards.count == 1)
        return (card, ContactCard(card))
    }
}
