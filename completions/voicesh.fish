function __voicesh_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __voicesh_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __voicesh_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __voicesh_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __voicesh_parse_tokens -S
    set -l unparsed_tokens (__voicesh_tokens -pc)
    switch $unparsed_tokens[1]
    case 'voicesh'
        __voicesh_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'connect'
            __voicesh_parse_subcommand -r 2 'p=' 'l=' 'i=' 'known-hosts=' 'strict-host-key-checking=' 'connect-timeout=' 'F=' 'o=+' 'J=' 'A' 'keepalive=' 'audio-file=+' 'device=' 'max-recording=' 'version' 'h/help'
        case 'context'
            __voicesh_parse_subcommand 1 'directory=' 'strict-host-key-checking=' 'connect-timeout=' 'json' 'version' 'h/help'
        case 'listen'
            __voicesh_parse_subcommand 0 'profile=' 'seconds=' 'audio-file=+' 'device=' 'max-recording=' 'version' 'h/help'
        case 'transcribe'
            __voicesh_parse_subcommand 1 'profile=' 'command=' 'timeout=' 'raw' 'json' 'partials' 'intent' 'version' 'h/help'
        case 'record'
            __voicesh_parse_subcommand 1 'seconds=' 'audio-file=+' 'device=' 'max-recording=' 'version' 'h/help'
        case 'devices'
            __voicesh_parse_subcommand 0 'version' 'h/help'
        case 'adapt'
            __voicesh_parse_subcommand 0 'from=+' 'enroll=' 'profile=' 'forget' 'status' 'audio-file=+' 'device=' 'max-recording=' 'version' 'h/help'
        case 'intent'
            __voicesh_parse_subcommand -r 1 'profile=' 'here' 'candidates=' 'json' 'version' 'h/help'
        case 'stats'
            __voicesh_parse_subcommand 0 'profile=' 'json' 'version' 'h/help'
        case 'doctor'
            __voicesh_parse_subcommand 1 'connect' 'json' 'version' 'h/help'
        case 'profile'
            __voicesh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __voicesh_parse_subcommand 1 'host=' 'p/port=' 'l/user=' 'i/identity=' 'known-hosts=' 'engine=' 'recognizer=' 'command=' 'dialect=' 'provider=' 'url=' 'model=' 'api-key-env=' 'token-url=' 'replace' 'version' 'h/help'
            case 'list'
                __voicesh_parse_subcommand 0 'json' 'version' 'h/help'
            case 'show'
                __voicesh_parse_subcommand 1 'effective' 'json' 'version' 'h/help'
            case 'set'
                __voicesh_parse_subcommand -r 2 'version' 'h/help'
            case 'rename'
                __voicesh_parse_subcommand 2 'version' 'h/help'
            case 'rm'
                __voicesh_parse_subcommand -r 1 'version' 'h/help'
            case 'import'
                __voicesh_parse_subcommand -r 1 'ssh-config' 'replace' 'allow-command' 'allow-key' 'version' 'h/help'
            case 'export'
                __voicesh_parse_subcommand 1 'version' 'h/help'
            end
        case 'config'
            __voicesh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __voicesh_parse_subcommand 0 'version' 'h/help'
            case 'set'
                __voicesh_parse_subcommand -r 1 'version' 'h/help'
            case 'unset'
                __voicesh_parse_subcommand 1 'version' 'h/help'
            end
        case 'history'
            __voicesh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __voicesh_parse_subcommand 0 'profile=' 'search=' 'limit=' 'json' 'version' 'h/help'
            case 'show'
                __voicesh_parse_subcommand 1 'json' 'version' 'h/help'
            case 'retry'
                __voicesh_parse_subcommand 1 'profile=' 'engine=' 'command=' 'timeout=' 'version' 'h/help'
            case 'play'
                __voicesh_parse_subcommand 1 'device=' 'version' 'h/help'
            case 'export-audio'
                __voicesh_parse_subcommand 2 'force' 'version' 'h/help'
            case 'rm'
                __voicesh_parse_subcommand -r 1 'version' 'h/help'
            case 'clear'
                __voicesh_parse_subcommand 0 'profile=' 'y/yes' 'version' 'h/help'
            end
        case 'store'
            __voicesh_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'copy'
                __voicesh_parse_subcommand 0 'to=' 'from=' 'version' 'h/help'
            end
        case 'voice'
            __voicesh_parse_subcommand 0 'version' 'h/help'
        case 'help'
            __voicesh_parse_subcommand -r 1 'version'
        end
    end
end

function __voicesh_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __voicesh_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __voicesh_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __voicesh_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__voicesh_tokens -p)
    if test -z "$(__voicesh_tokens -t)"
        set -l index (count (__voicesh_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'voicesh' -f
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'connect' -d 'Open an interactive SSH session to a profile or to [user@]host[:port].'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'context' -d 'Show what a session to a profile gathers from the remote shell, and which engine gets it.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'listen' -d 'Record, transcribe with a profile\'s engine, and print the shell text (dictation for scripts).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'transcribe' -d 'Turn a recording into shell text with a profile\'s engine (no microphone, no SSH).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'record' -d 'Record the microphone to a 16 kHz mono WAV file.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'devices' -d 'List the ALSA capture devices voicesh can record from.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'adapt' -d 'Teach the offline engine your voice from recordings whose words are known.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'intent' -d 'Write a shell command from a request in plain English (nothing is run).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'stats' -d 'How each profile\'s engine is doing, from the history: the last 7 days against earlier.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'doctor' -d 'Check every part voicesh needs on this machine, one line each.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'profile' -d 'Manage saved servers and their speech engines.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'config' -d 'Show or change config.toml: the defaults every profile inherits, and the store.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'history' -d 'Search and manage the dictation history.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'store' -d 'Move profiles and history between this machine and a shared PostgreSQL store.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'voice' -d 'Print the spoken grammar of hands-free mode (hands_free = true).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh connect" -eq 1' -fka '(__voicesh_custom_completion ---completion connect -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" p' -s 'p' -d 'The port (overrides the profile\'s).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" l' -s 'l' -d 'The remote user (overrides the profile\'s).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" i' -s 'i' -d 'A private key file (overrides the profile\'s).' -rF
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" known-hosts' -l 'known-hosts' -d 'The known_hosts file to check and add to.' -rF
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" strict-host-key-checking' -l 'strict-host-key-checking' -d 'Unknown host keys: ask, accept-new (add without asking), or yes (never add).' -rfka 'ask accept-new yes'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for the connection and each set-up step (default: ConnectTimeout, else 15).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" F' -s 'F' -d 'The ssh_config file to read instead of ~/.ssh/config and /etc/ssh/ssh_config (none: no file).' -rF
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect"' -s 'o' -d 'An ssh_config option, Key=Value, before the files\' (the first value wins).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" J' -s 'J' -d 'Jump hosts to connect through, in order.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" A' -s 'A' -d 'Forward the ssh-agent (see the README: libssh2 1.10 cannot).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" keepalive' -l 'keepalive' -d 'Seconds between keepalive messages; 0 turns them off (default: the profile\'s).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect"' -l 'audio-file' -d 'Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" device' -l 'device' -d 'The ALSA capture device (default: the profile\'s, then $VOICESH_AUDIO_DEVICE, then default).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" max-recording' -l 'max-recording' -d 'Stop a recording after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh connect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh context" -eq 1' -fka '(__voicesh_custom_completion ---completion context -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" directory' -l 'directory' -d 'The remote directory to list, as if the shell had reported it (default: the session shell\'s).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" strict-host-key-checking' -l 'strict-host-key-checking' -d 'Unknown host keys: ask, accept-new (add without asking), or yes (never add).' -rfka 'ask accept-new yes'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" connect-timeout' -l 'connect-timeout' -d 'Seconds to wait for the connection and each set-up step.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh context" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" profile' -l 'profile' -d 'Use this profile\'s engine (default: the built-in offline engine).' -rfka '(__voicesh_custom_completion ---completion listen -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" seconds' -l 'seconds' -d 'Stop after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen"' -l 'audio-file' -d 'Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" device' -l 'device' -d 'The ALSA capture device (default: the profile\'s, then $VOICESH_AUDIO_DEVICE, then default).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" max-recording' -l 'max-recording' -d 'Stop a recording after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh listen" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh transcribe" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" profile' -l 'profile' -d 'Use this profile\'s engine (default: config.toml\'s, else the offline engine).' -rfka '(__voicesh_custom_completion ---completion transcribe -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" command' -l 'command' -d 'Run this local recogniser command instead ({wav} stands for the recording).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" timeout' -l 'timeout' -d 'Seconds to wait for the text (default: the profile\'s engine.timeout, or 30).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" raw' -l 'raw' -d 'Print the recogniser\'s words as they are.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" json' -l 'json' -d 'Print text, raw text, engine, confidence, words with theirs, alternatives, segments and latency as JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" partials' -l 'partials' -d 'Print live partial text on stderr (the default when stderr is a terminal).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" intent' -l 'intent' -d 'Hear the recording as a request in plain English (any words; a lead such as "how do I" is taken off) and print the command config.toml\'s [intent] model writes for it, as `voicesh intent` does (nothing is run).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh transcribe" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh record" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record" seconds' -l 'seconds' -d 'Stop after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record"' -l 'audio-file' -d 'Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record" device' -l 'device' -d 'The ALSA capture device (default: the profile\'s, then $VOICESH_AUDIO_DEVICE, then default).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record" max-recording' -l 'max-recording' -d 'Stop a recording after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh record" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh devices" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh devices" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt"' -l 'from' -d 'A folder of NAME.wav + NAME.txt recordings to learn from (repeatable).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" enroll' -l 'enroll' -d 'Record this many prompted commands first (say each, then Enter; Esc skips one).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" profile' -l 'profile' -d 'Learn from this profile\'s dictations only (kept recordings always count).' -rfka '(__voicesh_custom_completion ---completion adapt -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" forget reset' -l 'forget' -l 'reset' -d 'Forget the learnt voice and its recordings; the stock model is used again.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" status' -l 'status' -d 'Say what the voice learnt from, when it last learnt, and how it scored.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt"' -l 'audio-file' -d 'Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" device' -l 'device' -d 'The ALSA capture device (default: the profile\'s, then $VOICESH_AUDIO_DEVICE, then default).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" max-recording' -l 'max-recording' -d 'Stop a recording after this many seconds.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh adapt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" profile' -l 'profile' -d 'Use this profile\'s [intent] keys over config.toml\'s, and send its recent commands with the request.' -rfka '(__voicesh_custom_completion ---completion intent -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" here' -l 'here' -d 'Send this directory\'s names and the tools on PATH with the request, as a session sends the remote\'s (when intent.context allows; with the local model they go by default).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" candidates' -l 'candidates' -d 'Also ask the model for up to this many other commands, as Tab does in a session (JSON: candidates).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" json' -l 'json' -d 'Print request, command, explanation, candidates, risk, check, model and endpoint as JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh intent" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh stats" profile' -l 'profile' -d 'Only this profile.' -rfka '(__voicesh_custom_completion ---completion stats -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh stats" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh stats" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh doctor" -eq 1' -fka '(__voicesh_custom_completion ---completion doctor -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh doctor" connect' -l 'connect' -d 'Connect to the target and check its host key (no login).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh doctor" json' -l 'json' -d 'Print JSON: {"ok": …, "checks": [{"part", "ok", "detail", "advice"}]}.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh doctor" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'add' -d 'Save a new profile.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'list' -d 'List the saved profiles.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'show' -d 'Show one profile (in its TOML form).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'set' -d 'Change keys of a profile.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'rename' -d 'Rename a profile; its history follows it.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'rm' -d 'Remove profiles (their history stays until `history clear`).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'import' -d 'Import profiles from TOML files, or from ~/.ssh/config.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile" -eq 1' -fa 'export' -d 'Print a profile as TOML, for `profile import`.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" host' -l 'host' -d 'The server: HOST, USER@HOST or USER@HOST:PORT.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" p port' -s 'p' -l 'port' -d 'The SSH port (default 22).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" l user' -s 'l' -l 'user' -d 'The remote user (default: the local user).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" i identity' -s 'i' -l 'identity' -d 'A private key file.' -rF
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" known-hosts' -l 'known-hosts' -d 'A known_hosts file other than ~/.ssh/known_hosts.' -rF
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" engine' -l 'engine' -d 'The speech engine\'s kind.' -rfka 'edge stream server'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" recognizer' -l 'recognizer' -d 'The edge recogniser.' -rfka 'pocketsphinx command'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" command' -l 'command' -d 'The local recogniser command; {wav} stands for the recording.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" dialect' -l 'dialect' -d 'The server engine\'s dialect.' -rfka 'openai whisper.cpp asr-webservice transcribe'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" provider' -l 'provider' -d 'The stream engine\'s provider.' -rfka 'assemblyai deepgram generic'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" url' -l 'url' -d 'The server or stream URL.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" model' -l 'model' -d 'The engine\'s model.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" api-key-env' -l 'api-key-env' -d 'The environment variable that holds the API key (never the key).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" token-url' -l 'token-url' -d 'The token proxy URL for a stream engine.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" replace' -l 'replace' -d 'Overwrite a profile of the same name.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile list" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile list" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile show" -eq 1' -fka '(__voicesh_custom_completion ---completion profile show -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile show" effective' -l 'effective' -d 'Show every key\'s value in use and where it comes from.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile show" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile show" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile set" -eq 1' -fka '(__voicesh_custom_completion ---completion profile set -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile set" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile rename" -eq 1' -fka '(__voicesh_custom_completion ---completion profile rename -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile rename" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile rename" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile rm" -ge 1' -fka '(__voicesh_custom_completion ---completion profile rm -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile rm" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile rm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile import" -ge 1' -F
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" ssh-config' -l 'ssh-config' -d 'Read OpenSSH client config files (default ~/.ssh/config).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" replace' -l 'replace' -d 'Overwrite profiles of the same name.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" allow-command' -l 'allow-command' -d 'Accept profiles that run a local recogniser command (recognizer = "command"); remembered on this machine.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" allow-key' -l 'allow-key' -d 'Accept profiles that send a key from an environment variable (api_key_env) to their endpoint; remembered on this machine.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh profile export" -eq 1' -fka '(__voicesh_custom_completion ---completion profile export -- positional@0 (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile export" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh profile export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh config" -eq 1' -fa 'show' -d 'Print config.toml.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh config" -eq 1' -fa 'set' -d 'Set keys of config.toml.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh config" -eq 1' -fa 'unset' -d 'Remove a key from config.toml: profiles then use the built-in value.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config show" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config set" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config unset" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh config unset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'list' -d 'List dictations, newest first (the default).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'show' -d 'Show one dictation.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'retry' -d 'Transcribe a kept recording again and print the text.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'play' -d 'Play a kept recording.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'export-audio' -d 'Write a kept recording to a WAV file.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'rm' -d 'Delete dictations (and their recordings).'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history" -eq 1' -fa 'clear' -d 'Delete the whole history, or one profile\'s.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" profile' -l 'profile' -d 'Only this profile\'s dictations.' -rfka '(__voicesh_custom_completion ---completion history list -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" search' -l 'search' -d 'Words (or word prefixes) the raw or final text contains.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" limit' -l 'limit' -d 'At most this many rows.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history show" json' -l 'json' -d 'Print JSON.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history show" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" profile' -l 'profile' -d 'Use this profile\'s engine instead.' -rfka '(__voicesh_custom_completion ---completion history retry -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" engine' -l 'engine' -d 'Use the built-in offline engine (edge) instead.' -rfka 'edge'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" command' -l 'command' -d 'Run this local recogniser command instead ({wav} stands for the recording).' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" timeout' -l 'timeout' -d 'Seconds to wait for the text.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history retry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history play" device' -l 'device' -d 'The ALSA playback device.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history play" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history play" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh history export-audio" -eq 1' -fa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'wav\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history export-audio" force' -l 'force' -d 'Overwrite the file if it exists.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history export-audio" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history export-audio" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history rm" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history rm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history clear" profile' -l 'profile' -d 'Only this profile\'s dictations.' -rfka '(__voicesh_custom_completion ---completion history clear -- --profile (count (__voicesh_tokens -pc)) (__voicesh_tokens -tC))'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history clear" y yes' -s 'y' -l 'yes' -d 'Do not ask for confirmation.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history clear" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh history clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_positional "voicesh store" -eq 1' -fa 'copy' -d 'Copy this machine\'s profiles and history into a shared store, or back.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store copy" to' -l 'to' -d 'Copy the local store into the shared store at this postgresql:// URL.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store copy" from' -l 'from' -d 'Copy the shared store at this postgresql:// URL into the local store.' -rfka ''
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store copy" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh store copy" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh voice" version' -l 'version' -d 'Show the version.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh voice" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'voicesh' -n '__voicesh_should_offer_completions_for_flags_or_options "voicesh help" version' -l 'version' -d 'Show the version.'
