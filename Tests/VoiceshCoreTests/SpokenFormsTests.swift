import Testing
import VoiceshCore

/// The inverse of the spoken-shell normaliser, for learning from corrected dictations: which
/// spoken words type a sent text, nearest the recogniser's words first.
struct SpokenFormsTests {
    @Test(
        arguments: [
            ("git status -s", "git status dash s"),
            ("kill -9 8080", "kill dash nine eight zero eight zero"),
            ("git log -n 10", "git log dash n ten"),
            ("ls -la", "ls dash l a"),
            ("git diff --staged", "git diff dash dash staged"),
            ("cd ~/projects", "cd tilde slash projects"),
            ("cat README.md", "cat all caps readme dot md"),
            ("echo $HOME", "echo dollar all caps home"),
            ("make > log 2>&1", "make greater than log two greater than ampersand one"),
            ("ps aux | grep nginx", "ps aux pipe grep nginx"),
            ("git commit -m \"fix the build\"", "git commit dash m quote fix the build end quote"),
            ("chmod +x deploy.sh", "chmod plus x deploy dot sh"),
            ("kubectl get pods -n kube-system", "kubectl get pods dash n kube dash system"),
            ("source .venv/bin/activate", "source dot venv slash bin slash activate"),
            ("python3 -m http.server", "python three dash m http dot server"),
            (
                "cat ~/.ssh/id_ed25519.pub",
                "cat tilde slash dot ssh slash id underscore ed two five five one nine dot pub"
            ),
        ])
    func theUsualSpokenFormComesFirst(text: String, spoken: String) {
        let forms = SpokenForms.candidates(for: text)
        #expect(forms.first == spoken, "\(forms)")
    }

    @Test func everyCandidateTypesTheTextExactly() {
        let shell = SpokenShell()
        for text in [
            "kill -9 8080", "ls -la /var/log", "docker run -p 8080:80 nginx", "echo \"hello world\"",
            "tar -xzf a.tar.gz",
        ] {
            let forms = SpokenForms.candidates(for: text, limit: 50)
            #expect(!forms.isEmpty, "\(text)")
            for form in forms { #expect(shell.normalize(form) == text, "\(form) → \(shell.normalize(form))") }
        }
    }

    /// Several spoken forms type the same text: the recogniser's words say which this speaker used.
    @Test func theFormNearestTheHeardWordsComesFirst() {
        #expect(
            SpokenForms.candidates(for: "kill -9 8080", heard: "kill dash nine eighty eighty").first
                == "kill dash nine eighty eighty")
        #expect(
            SpokenForms.candidates(for: "ls -la", heard: "ls dash la").first == "ls dash la")
        #expect(
            SpokenForms.candidates(for: "kubectl get pods", heard: "cube cuddle get pods").first
                == "cube cuddle get pods")
        #expect(
            SpokenForms.candidates(for: "curl localhost:3000", limit: 8).contains("curl localhost colon three thousand")
        )
        #expect(
            SpokenForms.candidates(for: "echo 2024", heard: "echo twenty twenty four").first
                == "echo twenty twenty four")
        #expect(SpokenForms.candidates(for: "git push", heard: "get push").contains("git push"))
    }

    @Test func aTextNoSpokenFormTypesHasNone() {
        #expect(SpokenForms.candidates(for: "echo fooBar").isEmpty)  // camelCase
        #expect(SpokenForms.candidates(for: "echo café").isEmpty)
        #expect(SpokenForms.candidates(for: "").isEmpty)
    }

    @Test func anAliasIsSaidAsItsPhrase() {
        let aliases = ["prod box": "prod-01.example.com"]
        #expect(SpokenForms.candidates(for: "ssh prod-01.example.com", aliases: aliases).first == "ssh prod box")
    }
}
