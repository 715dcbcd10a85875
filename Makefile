# Shorthands for the scripts the README names.
.PHONY: demo test bench completions
demo: ; scripts/demo
test: ; scripts/test
bench: ; scripts/bench
completions: ; scripts/update-completions
