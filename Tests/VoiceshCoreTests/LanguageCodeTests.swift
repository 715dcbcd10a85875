import Testing

@testable import VoiceshCore

struct LanguageCodeTests {
    @Test(
        arguments: [
            ("en", "en", nil, "en"), ("en-US", "en", "US", "en-US"), ("en_us", "en", "US", "en-US"),
            ("pt-BR", "pt", "BR", "pt-BR"), ("es-419", "es", "419", "es-419"), ("de-AT", "de", "AT", "de"),
            ("FR", "fr", nil, "fr"),
        ] as [(String, String, String?, String)])
    func eachServiceGetsItsForm(text: String, base: String, region: String?, deepgram: String) throws {
        let code = try #require(LanguageCode(text))
        #expect(code.base == base)
        #expect(code.region == region)
        #expect(code.deepgram == deepgram)
    }

    @Test(arguments: ["", "english", "xx", "en-", "en-US-x", "e1", "zz-ZZ"])
    func unknownCodesAreRefused(text: String) {
        #expect(LanguageCode(text) == nil)
    }

    @Test func validationNamesTheKeyInOneLine() {
        var profile = Profile(name: "p", host: "h")
        profile.engine.language = "english"
        let problems = profile.validate()
        #expect(problems.map(\.key) == ["engine.language"])
        #expect(problems.first?.message.contains("is not a language code; use ISO 639-1") == true)
    }
}
