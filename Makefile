# Shorthands for the scripts the README names, and installing voicesh like a Unix tool:
#   make && sudo make install        # into /usr/local
#   make install PREFIX=~/.local     # for one user
#   make install DESTDIR=/tmp/stage PREFIX=/usr   # staged, as scripts/package-deb does
# `make install` builds only what is missing, so `sudo make install` after `make` never runs
# the compiler as root.
.PHONY: all build man demo test bench completions install uninstall

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/voicesh
MANDIR = $(PREFIX)/share/man
BASHDIR = $(PREFIX)/share/bash-completion/completions
# Debian's zsh reads vendor-completions under /usr (packages) and site-functions under /usr/local.
ZSHDIR = $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d

# Where scripts/build-release, scripts/generate-man and the completions rule put what they make.
BUILT = .build/release
BUILT_MAN = .build/man
BUILT_COMPLETIONS = completions
# What voicesh reads at run time (ResourceLocator finds it in $(DATADIR)).
DATA = Sources/LocalRecognizer/Resources/shell-corpus.txt Sources/LocalRecognizer/Resources/shell-usage.txt \
       Sources/LocalRecognizer/Resources/whisper-ear.py Sources/LocalRecognizer/Resources/moonshine-ear.py \
       Sources/LocalRecognizer/Resources/ear_protocol.py Sources/LocalRecognizer/Resources/ear-choice.json \
       Sources/ChatModel/Resources/intent-server.py Sources/ChatModel/Resources/intent-examples.tsv \
       Sources/voicesh/Resources/gather-context.sh
# Written once by hand: the file formats.
MAN5 = man/voicesh-profile.5 man/voicesh-config.5

# The completion scripts, as the built program writes them from its command definitions; kept in
# git, and a test (CompletionTests) fails when they drift from what the program writes.
COMPLETIONS = mkdir -p $(BUILT_COMPLETIONS) && for shell in bash zsh fish; do \
	$(BUILT)/voicesh --generate-completion-script $$shell > $(BUILT_COMPLETIONS)/voicesh.$$shell || exit 1; done

all: build man completions
build: ; scripts/build-release >/dev/null
man: build ; scripts/generate-man $(BUILT)/voicesh $(BUILT_MAN)
completions: build ; $(COMPLETIONS)
# Built by install only when missing (`make` rebuilds them all).
$(BUILT)/voicesh: ; scripts/build-release >/dev/null
$(BUILT_MAN)/voicesh.1: ; scripts/generate-man $(BUILT)/voicesh $(BUILT_MAN)
$(BUILT_COMPLETIONS)/voicesh.bash: ; $(COMPLETIONS)

install: $(BUILT)/voicesh $(BUILT_MAN)/voicesh.1 $(BUILT_COMPLETIONS)/voicesh.bash
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	  $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 755 $(BUILT)/voicesh $(DESTDIR)$(BINDIR)/voicesh
	install -m 644 $(DATA) $(DESTDIR)$(DATADIR)/
	install -m 644 $(BUILT_MAN)/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(MAN5) $(DESTDIR)$(MANDIR)/man5/
# bash completion is sourced, never run: without the #! line (lintian: bash-completion-with-hashbang).
	sed '1{/^#!/d;}' $(BUILT_COMPLETIONS)/voicesh.bash > $(DESTDIR)$(BASHDIR)/voicesh && chmod 644 $(DESTDIR)$(BASHDIR)/voicesh
	install -m 644 $(BUILT_COMPLETIONS)/voicesh.zsh $(DESTDIR)$(ZSHDIR)/_voicesh
	install -m 644 $(BUILT_COMPLETIONS)/voicesh.fish $(DESTDIR)$(FISHDIR)/voicesh.fish

# Removes what install put there; the users' own data (~/.local/share/voicesh) is not touched.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/voicesh $(addprefix $(DESTDIR)$(DATADIR)/,$(notdir $(DATA))) \
	  $(DESTDIR)$(MANDIR)/man1/voicesh.1 $(DESTDIR)$(MANDIR)/man1/voicesh-*.1 \
	  $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(MAN5))) \
	  $(DESTDIR)$(BASHDIR)/voicesh $(DESTDIR)$(ZSHDIR)/_voicesh $(DESTDIR)$(FISHDIR)/voicesh.fish
	rmdir $(DESTDIR)$(DATADIR) 2>/dev/null || true

demo: ; scripts/demo
test: ; scripts/test
bench: ; scripts/bench
