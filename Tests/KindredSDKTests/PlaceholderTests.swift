import Testing
import KindredSDK
@Test func placeholder() { #expect(true) }
