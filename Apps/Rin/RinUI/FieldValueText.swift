import SwiftUI

/// A field's or a contact's value as shown: a phone to call, an e-mail to write to, a web address
/// to open, or plain text (an address on its lines, a birthday as a date). Only `http(s)` links
/// open, never `javascript:` or an app's scheme a card happened to carry.
struct FieldValueText: View {
    /// `phone`, `email`, `address`, `birthday`, `social`, `url`.
    let kind: String
    let value: String

    var body: some View {
        if let link {
            Link(value, destination: link)
        } else {
            Text(kind == "birthday" ? RinWords.birthdayText(value) : value)
                .textSelection(.enabled)
        }
    }

    private var link: URL? {
        switch kind {
        case "phone":
            // What a dialer takes: digits and the few signs that mean something to it.
            let dialable = value.filter { $0.isASCII && ($0.isNumber || "+*#,;".contains($0)) }
            return dialable.isEmpty ? nil : URL(string: "tel:" + dialable)
        case "email":
            let address = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard address.contains("@"), !address.contains(where: \.isWhitespace) else { return nil }
            return URL(string: "mailto:" + address)
        case "url", "social":
            guard let url = URL(string: value.trimmingCharacters(in: .whitespacesAndNewlines)),
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
            return url
        default:
            return nil
        }
    }
}
