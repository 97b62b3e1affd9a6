import Foundation
import RinFormats

/// Contacts exports as Google and Outlook write them, built from a header and each row's
/// non-empty cells so a fixture reads as "which column holds what" rather than 60 commas.
/// The headers follow each exporter's column names and order; the people are made up.
enum CSVFixtures {
    /// Google Contacts, "Export → Google CSV", since 2023: `First Name`, `Organization Name`,
    /// `E-mail n - Label`; several values in one cell with ` ::: `; `*` marks the primary one.
    static let googleHeader = [
        "First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name", "Phonetic Last Name",
        "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name", "Organization Title", "Organization Department",
        "Birthday", "Notes", "Photo", "Labels", "E-mail 1 - Label", "E-mail 1 - Value", "E-mail 2 - Label", "E-mail 2 - Value",
        "Phone 1 - Label", "Phone 1 - Value", "Phone 2 - Label", "Phone 2 - Value", "Address 1 - Label", "Address 1 - Formatted",
        "Address 1 - Street", "Address 1 - City", "Address 1 - PO Box", "Address 1 - Region", "Address 1 - Postal Code",
        "Address 1 - Country", "Address 1 - Extended Address", "Website 1 - Label", "Website 1 - Value",
    ]

    static let google = csv(googleHeader, [
        ["First Name": "María José", "Last Name": "García", "Nickname": "Majo", "Organization Name": "Ejemplo S.L.",
         "Organization Title": "Ingeniera", "Organization Department": "I+D", "Birthday": "--03-15",
         "Notes": "Met in Madrid,\nloves \"tapas\"", "Photo": "https://lh3.googleusercontent.com/contacts/abc123",
         "Labels": "* myContacts ::: Friends",
         "E-mail 1 - Label": "* Home", "E-mail 1 - Value": "majo@example.com ::: majo.g@example.org",
         "E-mail 2 - Label": "Work", "E-mail 2 - Value": "mj@work.example",
         "Phone 1 - Label": "Mobile", "Phone 1 - Value": "+34 600 123 456", "Phone 2 - Label": "Work Fax", "Phone 2 - Value": "+34 91 123 45 67",
         "Address 1 - Label": "Home", "Address 1 - Formatted": "Calle Mayor 1\n2º B\n28013 Madrid\nEspaña", "Address 1 - Street": "Calle Mayor 1",
         "Address 1 - City": "Madrid", "Address 1 - Postal Code": "28013", "Address 1 - Country": "España",
         "Address 1 - Extended Address": "2º B", "Website 1 - Label": "Blog", "Website 1 - Value": "https://majo.example.com"],
        ["First Name": "Wei", "Last Name": "Li", "Birthday": "1985-03-15",
         "Phone 1 - Label": "* Lake house ::: Mobile", "Phone 1 - Value": "+1 555 0100 ::: +1 555 0101",
         "Address 1 - Label": "Work", "Address 1 - Formatted": "1 Main St, Springfield"],
        ["Organization Name": "Acme Plumbing", "Birthday": "sometime in May", "E-mail 1 - Value": "acme.example.com"],
    ])

    /// Google's CSV before 2023 ("Google CSV" in the old Contacts): `Given Name`, `Family Name`, a
    /// full `Name`, `E-mail n - Type`, `Organization 1 - Name`, and many columns Rin does not read.
    static let googleOldHeader = [
        "Name", "Given Name", "Additional Name", "Family Name", "Yomi Name", "Given Name Yomi", "Additional Name Yomi",
        "Family Name Yomi", "Name Prefix", "Name Suffix", "Initials", "Nickname", "Short Name", "Maiden Name", "Birthday", "Gender",
        "Location", "Billing Information", "Directory Server", "Mileage", "Occupation", "Hobby", "Sensitivity", "Priority", "Subject",
        "Notes", "Language", "Photo", "Group Membership", "E-mail 1 - Type", "E-mail 1 - Value", "E-mail 2 - Type", "E-mail 2 - Value",
        "Phone 1 - Type", "Phone 1 - Value", "Phone 2 - Type", "Phone 2 - Value", "Address 1 - Type", "Address 1 - Formatted",
        "Address 1 - Street", "Address 1 - City", "Address 1 - PO Box", "Address 1 - Region", "Address 1 - Postal Code",
        "Address 1 - Country", "Address 1 - Extended Address", "Organization 1 - Type", "Organization 1 - Name",
        "Organization 1 - Yomi Name", "Organization 1 - Title", "Organization 1 - Department", "Organization 1 - Symbol",
        "Organization 1 - Location", "Organization 1 - Job Description", "Website 1 - Type", "Website 1 - Value",
    ]

    static let googleOld = csv(googleOldHeader, [
        ["Name": "Dr. Anna Maria Schmidt", "Given Name": "Anna", "Additional Name": "Maria", "Family Name": "Schmidt", "Name Prefix": "Dr.",
         "Birthday": "1979-11-02", "Group Membership": "* My Contacts ::: Work",
         "E-mail 1 - Type": "* Work", "E-mail 1 - Value": "anna@uni.example", "E-mail 2 - Type": "Home", "E-mail 2 - Value": "anna@example.net",
         "Phone 1 - Type": "Work", "Phone 1 - Value": "+49 89 2180 0", "Phone 2 - Type": "Home Fax", "Phone 2 - Value": "+49 89 555 12",
         "Address 1 - Type": "Work", "Address 1 - Street": "Geschwister-Scholl-Platz 1", "Address 1 - City": "München",
         "Address 1 - PO Box": "Postfach 7", "Address 1 - Region": "Bayern", "Address 1 - Postal Code": "80539", "Address 1 - Country": "Germany",
         "Organization 1 - Type": "Other", "Organization 1 - Name": "Universität", "Organization 1 - Title": "Professorin",
         "Organization 1 - Department": "Informatik", "Website 1 - Type": "Profile", "Website 1 - Value": "https://uni.example/~schmidt"],
        ["Given Name": "Tom", "Birthday": "--12-24", "Phone 1 - Type": "* Mobile", "Phone 1 - Value": "07700 900123"],
    ])

    /// Outlook (desktop), "Export to a File → Comma Separated Values": every field quoted, every
    /// column in every row, `0/0/00` for no birthday, and the Windows code page, not UTF-8.
    static let outlookHeader = [
        "Title", "First Name", "Middle Name", "Last Name", "Suffix", "Company", "Department", "Job Title",
        "Business Street", "Business Street 2", "Business Street 3", "Business City", "Business State", "Business Postal Code",
        "Business Country/Region", "Home Street", "Home Street 2", "Home Street 3", "Home City", "Home State", "Home Postal Code",
        "Home Country/Region", "Other Street", "Other Street 2", "Other Street 3", "Other City", "Other State", "Other Postal Code",
        "Other Country/Region", "Assistant's Phone", "Business Fax", "Business Phone", "Business Phone 2", "Callback", "Car Phone",
        "Company Main Phone", "Home Fax", "Home Phone", "Home Phone 2", "ISDN", "Mobile Phone", "Other Fax", "Other Phone", "Pager",
        "Primary Phone", "Radio Phone", "TTY/TDD Phone", "Telex", "Anniversary", "Birthday", "Categories", "E-mail Address", "E-mail Type",
        "E-mail Display Name", "E-mail 2 Address", "E-mail 2 Type", "E-mail 2 Display Name", "E-mail 3 Address", "E-mail 3 Type",
        "E-mail 3 Display Name", "Notes", "Priority", "Private", "Sensitivity", "Web Page",
    ]

    static let outlook = windows1252(csv(outlookHeader, [
        ["Title": "Dr.", "First Name": "Jürgen", "Last Name": "Müller", "Suffix": "Jr.", "Company": "Müller & Söhne GmbH",
         "Department": "Vertrieb", "Job Title": "Leiter", "Business Street": "Hauptstraße 5", "Business Street 2": "3. OG",
         "Business City": "Berlin", "Business Postal Code": "10115", "Business Country/Region": "Deutschland",
         "Home Street": "Gartenweg 2", "Home City": "Potsdam", "Home Postal Code": "14467",
         "Business Phone": "+49 30 1234567", "Mobile Phone": "+49 170 1234567", "Home Fax": "+49 331 999", "Anniversary": "0/0/00",
         "Birthday": "3/15/1985", "E-mail Address": "juergen@example.de", "E-mail Type": "SMTP",
         "E-mail Display Name": "Jürgen Müller (juergen@example.de)", "E-mail 2 Address": "j.mueller@firma.example", "E-mail 2 Type": "SMTP",
         "Notes": "Kosten: 5 €\r\nZweite Zeile", "Priority": "Normal", "Private": "False", "Sensitivity": "Normal", "Web Page": "https://firma.example/"],
        ["First Name": "Ann", "Last Name": "Lee", "Birthday": "0/0/00", "Primary Phone": "555-0199", "Mobile Phone": "555-0100",
         "E-mail Address": "ann@example.com", "Priority": "Normal", "Private": "False", "Sensitivity": "Normal"],
        ["First Name": "Bob", "Birthday": "31/12/1990", "Priority": "Normal", "Private": "False", "Sensitivity": "Normal"],
        ["First Name": "Cy", "Birthday": "7/4/76", "Priority": "Normal", "Private": "False", "Sensitivity": "Normal"],
    ], quoteAll: true))

    /// RFC 4180 text, CR LF line ends as both exporters write them; a value is quoted when it
    /// must be (or always, as Outlook does).
    static func csv(_ header: [String], _ rows: [[String: String]], quoteAll: Bool = false) -> String {
        func field(_ value: String) -> String {
            let mustQuote = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            return quoteAll || mustQuote ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
        }
        for row in rows { precondition(Set(row.keys).isSubset(of: header), "a fixture names a column its header lacks") }
        let lines = [header.map(field)] + rows.map { row in header.map { field(row[$0] ?? "") } }
        return lines.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// Only for text whose characters all exist in Windows-1252.
    static func windows1252(_ text: String) -> Data {
        Data(text.data(using: .windowsCP1252)!)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> Data {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return Data(bytes)
    }
}
