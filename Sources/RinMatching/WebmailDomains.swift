/// Domains where anyone can have an address. Two cards at `acme.com` say "same employer" (§2.3's
/// score table and its evidence); two at `gmail.com` say nothing.
///
/// Our decision: the providers and internet service providers that hold most personal addresses
/// in the regions Rin expects, not an exhaustive list. A missing provider only costs precision of a 0.80 suggestion (same full name
/// and same domain), never an automatic merge, which needs a shared address or phone.
public enum WebmailDomains {
    public static let all: Set<String> = [
        // Global providers.
        "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "msn.com", "yahoo.com", "ymail.com",
        "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "pm.me", "mail.com", "zoho.com",
        "fastmail.com", "tutanota.com", "gmx.com", "yandex.com",
        // Their national domains.
        "hotmail.co.uk", "hotmail.fr", "hotmail.de", "hotmail.es", "hotmail.it", "live.co.uk", "live.fr", "outlook.de",
        "outlook.fr", "yahoo.co.uk", "yahoo.co.in", "yahoo.co.jp", "yahoo.fr", "yahoo.de", "yahoo.es", "yahoo.it",
        "yahoo.com.br", "gmx.de", "gmx.net", "gmx.at", "gmx.ch", "yandex.ru",
        // National providers and internet service providers.
        "web.de", "t-online.de", "orange.fr", "free.fr", "laposte.net", "sfr.fr", "libero.it", "bluewin.ch", "wp.pl",
        "o2.pl", "seznam.cz", "mail.ru", "btinternet.com", "sky.com", "virginmedia.com", "comcast.net", "verizon.net",
        "att.net", "sbcglobal.net", "cox.net", "bigpond.com", "shaw.ca", "rogers.com", "rediffmail.com", "qq.com",
        "163.com", "126.com", "sina.com", "naver.com", "daum.net", "hanmail.net",
    ]

    /// `all`'s fingerprints (`BlockFingerprint.hash`), sorted, each with its domain's bytes: a
    /// domain whose fingerprint is not here is not webmail; one whose is is compared byte by byte
    /// (a clash of fingerprints costs a comparison, never a wrong answer).
    private static let (webmailPrints, webmailBytes): ([UInt64], [[UInt8]]) = {
        let sorted = all.map { (print: BlockFingerprint.hash($0), bytes: Array($0.utf8)) }.sorted { $0.print < $1.print }
        return (sorted.map(\.print), sorted.map(\.bytes))
    }()

    private static func isWebmail(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
        let print = BlockFingerprint.hash(domain)
        return webmailPrints.withUnsafeBufferPointer { prints in
            var low = 0, high = prints.count
            while low < high {
                let middle = (low + high) / 2
                if prints[middle] < print { low = middle + 1 } else { high = middle }
            }
            while low < prints.count && prints[low] == print {
                if webmailBytes[low].elementsEqual(domain) { return true }
                low += 1
            }
            return false
        }
    }

    /// The domain of a normalised address when it is not webmail, else nil.
    public static func employerDomain(of address: String) -> String? {
        // By bytes: an `@` byte is always the character (UTF-8 never uses ASCII bytes inside
        // another character), and a search by `Character` cost more than the rest of a card's
        // e-mails. Webmail (half of all addresses) is told by its bytes before any string is made.
        var address = address
        return address.withUTF8 { bytes -> String? in
            guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at + 1 < bytes.count else { return nil }
            let domain = UnsafeBufferPointer(rebasing: bytes[(at + 1)...])
            return isWebmail(domain) ? nil : String(decoding: domain, as: UTF8.self)
        }
    }
}
