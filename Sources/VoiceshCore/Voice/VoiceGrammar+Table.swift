extension VoiceGrammar {
    /// The grammar as users read it (`voicesh help voice`; the README gives the same table).
    public static let table = """
        At a shown line (toggle, then say):
          "run it" / "run" / "execute"          send the line and Enter
          "insert it" / "insert"                send it without Enter
          "cancel" / "discard" / "scratch that" discard it
          "again" / "try again"                 discard it, dictate again
          "yes"                                 run a risky line that asks for y
          "change feature to main"              a word becomes another
          "replace dash v with dash q"          the same: -v becomes -q
          "delete dash v"                       remove a word (-v)
          "delete the last word"                or "delete the first word"
          "add dash dash verbose"               words at the end (--verbose)
          "spell m a i n", "spell mike alpha"   spell the unsure (or last) word
          "capital"                             give that word a capital
          "undo"                                the line before the last edit
        With nothing shown:
          "run last"                            run the last command sent
          "rerun git"                           the last one starting with git
          "history search docker"               list matches, then "pick two"
          "keys mode"                           in vim, less, top: takes become keys
        In keys mode:
          "enter" "tab" "escape" "space" "backspace" "up" "down" "left"
          "right" "page up" "page down" "control c" ("control zulu")
          "press q"                             one character
          "type colon q"                        text, no Enter (:q)
          "stop keys"                           dictation again (or Esc)
        Anything else is a new dictation that replaces the shown line.
        """
}
