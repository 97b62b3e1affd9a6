/// A field's label (docs/RIN.md §2.5, Fields): the kind of line for phones, e-mails and addresses,
/// the network for social accounts. Which labels fit which kind is `RinFieldKind.labels`.
///
/// The Restricted template (Colleagues) opens phones and e-mails labelled `work`, so the label is
/// part of policy, not decoration. The raw values are stored in `rin_profile_fields.label`.
public enum RinFieldLabel: String, CaseIterable, Codable, Hashable, Sendable {
    case mobile, home, work, other
    case linkedin, x, whatsapp
}
