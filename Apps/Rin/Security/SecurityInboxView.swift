import RinAppShell
import SwiftUI

/// The security inbox: asks, disputes, account alerts and reports, each section newest first,
/// filtered to all, what needs me, or what is resolved.
struct SecurityInboxView: View {
    let model: SecurityInboxModel
    @State private var filter: SecurityInboxModel.Filter = .all

    var body: some View {
        List {
            Picker("Show", selection: $filter) {
                Text("All").tag(SecurityInboxModel.Filter.all)
                Text("Action needed").tag(SecurityInboxModel.Filter.action)
                Text("Resolved").tag(SecurityInboxModel.Filter.resolved)
            }
            .pickerStyle(.segmented)
            if let notice = model.notice { MessageRow(text: notice, tone: .done) }
            if let error = model.error { MessageRow(text: error, retry: { await model.load() }) }
            ForEach(SecurityInboxModel.sections, id: \.self) { section in
                Section {
                    ForEach(model.items[section] ?? [], id: \.id) { item in row(item) }
                    if model.cursors[section] != nil { LoadMoreRow { await model.loadMore(section) } }
                } header: {
                    Text(Self.title(section)).badge(model.count(section).action)
                }
            }
        }
        .navigationTitle("Security")
        .onChange(of: filter) { Task { await model.show(filter) } }
        .task { await model.load() }
    }

    @ViewBuilder private func row(_ item: RinSecurityItem) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            if let ask = item.ask {
                Text("\(ask.requester.displayName ?? "Someone") asked to see a detail of \(ask.profileName).")
                if ask.status == .pending {
                    HStack {
                        Button("Let them see it") { Task { await model.approve(item) } }
                        Button("Say no") { Task { await model.deny(item) } }
                    }
                    .buttonStyle(.bordered)
                }
            } else if let alert = item.alert {
                Text(alert.kind == .newDevice ? "New sign-in: \(alert.device)" : "Sessions signed out from \(alert.device)")
                if alert.kind == .newDevice, alert.answer == nil {
                    HStack {
                        Button("This was me") { Task { await model.answer(item, wasMe: true) } }
                        if !alert.isThisDevice {
                            Button("This wasn’t me", role: .destructive) { Task { await model.answer(item, wasMe: false) } }
                        }
                    }
                    .buttonStyle(.bordered)
                }
            } else if let dispute = item.dispute {
                Text(dispute.role == .subject ? "\(dispute.other.displayName ?? "Someone") says your \(dispute.field.value) is wrong or theirs."
                                              : "You disputed \(dispute.other.displayName ?? "someone")’s \(dispute.field.value).")
                Text(dispute.statement).font(.callout).foregroundStyle(.secondary)
                if dispute.role == .subject, dispute.status == .open {
                    Button("Remove it") { Task { await model.answer(item, dispute: .remove) } }.buttonStyle(.bordered)
                } else if dispute.role == .claimant, dispute.status == .open || dispute.status == .answered {
                    Button("Withdraw") { Task { await model.withdraw(item) } }.buttonStyle(.bordered)
                }
            } else if let report = item.report {
                Text("You reported \(report.target.id) (\(report.reason.rawValue)).")
            }
            Text(item.createdAt.formatted(date: .abbreviated, time: .shortened)).font(.footnote).foregroundStyle(.secondary)
        }
    }

    static func title(_ section: RinSecuritySection) -> String {
        switch section {
        case .access: "Access requests"
        case .disputes: "Disputes"
        case .alerts: "Account alerts"
        case .reports: "Reports"
        }
    }
}
