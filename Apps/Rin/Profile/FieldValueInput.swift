import RinAppShell
import SwiftUI
import UIKit

/// The value of a profile field, with the keyboard its kind wants: a phone pad, an e-mail
/// keyboard, lines for an address, the date's form for a birthday.
struct FieldValueInput: View {
    let kind: RinFieldKind
    @Binding var value: String

    var body: some View {
        switch kind {
        case .phone:
            TextField("+44 20 7946 0000", text: $value)
                .keyboardType(.phonePad)
                .textContentType(.telephoneNumber)
        case .email:
            TextField("name@example.com", text: $value)
                .keyboardType(.emailAddress)
                .textContentType(.emailAddress)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
        case .address:
            TextField("Street, town, postcode", text: $value, axis: .vertical)
                .lineLimit(2...5)
                .textContentType(.fullStreetAddress)
        case .birthday:
            VStack(alignment: .leading, spacing: 2) {
                TextField("YYYY-MM-DD", text: $value)
                    .keyboardType(.numbersAndPunctuation)
                Text("Like 1990-04-23, or --04-23 without the year.")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        case .social:
            TextField("Handle or link", text: $value)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
        }
    }
}
