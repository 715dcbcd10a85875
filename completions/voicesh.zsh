#compdef voicesh

__voicesh_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__voicesh_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __voicesh_complete "${completions[@]:0:-1}"
    fi
}

__voicesh_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_voicesh() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'connect:Open an interactive SSH session to a profile or to [user@]host[:port].'
            'context:Show what a session to a profile gathers from the remote shell, and which engine gets it.'
            'listen:Record, transcribe with a profile'\''s engine, and print the shell text (dictation for scripts).'
            'transcribe:Turn a recording into shell text with a profile'\''s engine (no microphone, no SSH).'
            'record:Record the microphone to a 16 kHz mono WAV file.'
            'devices:List the ALSA capture devices voicesh can record from.'
            'adapt:Teach the offline engine your voice from recordings whose words are known.'
            'intent:Write a shell command from a request in plain English (nothing is run).'
            'stats:How each profile'\''s engine is doing, from the history: the last 7 days against earlier.'
            'doctor:Check every part voicesh needs on this machine, one line each.'
            'profile:Manage saved servers and their speech engines.'
            'config:Show or change config.toml: the defaults every profile inherits, and the store.'
            'history:Search and manage the dictation history.'
            'store:Move profiles and history between this machine and a shared PostgreSQL store.'
            'voice:Print the spoken grammar of hands-free mode (hands_free = true).'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        connect|context|listen|transcribe|record|devices|adapt|intent|stats|doctor|profile|config|history|store|voice|help)
            "_voicesh_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_voicesh_connect() {
    local -i ret=1
    local -ar ___strict_host_key_checking=('ask' 'accept-new' 'yes')
    local -ar arg_specs=(
        ':target:{__voicesh_custom_complete ---completion connect -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '*:command:'
        '-p[The port (overrides the profile'\''s).]:p:'
        '-l[The remote user (overrides the profile'\''s).]:l:'
        '-i[A private key file (overrides the profile'\''s).]:i:_files'
        '--known-hosts[The known_hosts file to check and add to.]:known-hosts:_files'
        '--strict-host-key-checking[Unknown host keys\: ask, accept-new (add without asking), or yes (never add).]:strict-host-key-checking:{__voicesh_complete "${___strict_host_key_checking[@]}"}'
        '--connect-timeout[Seconds to wait for the connection and each set-up step (default\: ConnectTimeout, else 15).]:connect-timeout:'
        '-F[The ssh_config file to read instead of ~/.ssh/config and /etc/ssh/ssh_config (none\: no file).]:F:_files'
        '*-o[An ssh_config option, Key=Value, before the files'\'' (the first value wins).]:option:'
        '-J[Jump hosts to connect through, in order.]:\[user@\]host\[\:port\]\[,…\]:'
        '-A[Forward the ssh-agent (see the README\: libssh2 1.10 cannot).]'
        '--keepalive[Seconds between keepalive messages; 0 turns them off (default\: the profile'\''s).]:keepalive:'
        '*--audio-file[Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.]:audio-file:_files -g '\''*.wav'\'''
        '--device[The ALSA capture device (default\: the profile'\''s, then $VOICESH_AUDIO_DEVICE, then default).]:device:'
        '--max-recording[Stop a recording after this many seconds.]:max-recording:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_context() {
    local -i ret=1
    local -ar ___strict_host_key_checking=('ask' 'accept-new' 'yes')
    local -ar arg_specs=(
        ':target:{__voicesh_custom_complete ---completion context -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--directory[The remote directory to list, as if the shell had reported it (default\: the session shell'\''s).]:directory:'
        '--strict-host-key-checking[Unknown host keys\: ask, accept-new (add without asking), or yes (never add).]:strict-host-key-checking:{__voicesh_complete "${___strict_host_key_checking[@]}"}'
        '--connect-timeout[Seconds to wait for the connection and each set-up step.]:connect-timeout:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_listen() {
    local -i ret=1
    local -ar arg_specs=(
        '--profile[Use this profile'\''s engine (default\: the built-in offline engine).]:profile:{__voicesh_custom_complete ---completion listen -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--seconds[Stop after this many seconds.]:seconds:'
        '*--audio-file[Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.]:audio-file:_files -g '\''*.wav'\'''
        '--device[The ALSA capture device (default\: the profile'\''s, then $VOICESH_AUDIO_DEVICE, then default).]:device:'
        '--max-recording[Stop a recording after this many seconds.]:max-recording:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_transcribe() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files -g '\''*.wav'\'''
        '--profile[Use this profile'\''s engine (default\: config.toml'\''s, else the offline engine).]:profile:{__voicesh_custom_complete ---completion transcribe -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--command[Run this local recogniser command instead ({wav} stands for the recording).]:command:'
        '--timeout[Seconds to wait for the text (default\: the profile'\''s engine.timeout, or 30).]:timeout:'
        '--raw[Print the recogniser'\''s words as they are.]'
        '--json[Print text, raw text, engine, confidence, words with theirs, alternatives, segments and latency as JSON.]'
        '--partials[Print live partial text on stderr (the default when stderr is a terminal).]'
        '--intent[Hear the recording as a request in plain English (any words; a lead such as "how do I" is taken off) and print the command config.toml'\''s \[intent\] model writes for it, as `voicesh intent` does (nothing is run).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_record() {
    local -i ret=1
    local -ar arg_specs=(
        ':output:_files -g '\''*.wav'\'''
        '--seconds[Stop after this many seconds.]:seconds:'
        '*--audio-file[Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.]:audio-file:_files -g '\''*.wav'\'''
        '--device[The ALSA capture device (default\: the profile'\''s, then $VOICESH_AUDIO_DEVICE, then default).]:device:'
        '--max-recording[Stop a recording after this many seconds.]:max-recording:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_devices() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_adapt() {
    local -i ret=1
    local -ar arg_specs=(
        '*--from[A folder of NAME.wav + NAME.txt recordings to learn from (repeatable).]:from:'
        '--enroll[Record this many prompted commands first (say each, then Enter; Esc skips one).]:enroll:'
        '--profile[Learn from this profile'\''s dictations only (kept recordings always count).]:profile:{__voicesh_custom_complete ---completion adapt -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '(--forget --reset)'{--forget,--reset}'[Forget the learnt voice and its recordings; the stock model is used again.]'
        '--status[Say what the voice learnt from, when it last learnt, and how it scored.]'
        '*--audio-file[Play this WAV at real-time pace instead of using the microphone (demos, tests); connect takes it several times, one file per take, in order.]:audio-file:_files -g '\''*.wav'\'''
        '--device[The ALSA capture device (default\: the profile'\''s, then $VOICESH_AUDIO_DEVICE, then default).]:device:'
        '--max-recording[Stop a recording after this many seconds.]:max-recording:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_intent() {
    local -i ret=1
    local -ar arg_specs=(
        '*:request:'
        '--profile[Use this profile'\''s \[intent\] keys over config.toml'\''s, and send its recent commands with the request.]:profile:{__voicesh_custom_complete ---completion intent -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--here[Send this directory'\''s names and the tools on PATH with the request, as a session sends the remote'\''s (when intent.context allows; with the local model they go by default).]'
        '--candidates[Also ask the model for up to this many other commands, as Tab does in a session (JSON\: candidates).]:candidates:'
        '--json[Print request, command, explanation, candidates, risk, check, model and endpoint as JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_stats() {
    local -i ret=1
    local -ar arg_specs=(
        '--profile[Only this profile.]:profile:{__voicesh_custom_complete ---completion stats -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_doctor() {
    local -i ret=1
    local -ar arg_specs=(
        ':target:{__voicesh_custom_complete ---completion doctor -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--connect[Connect to the target and check its host key (no login).]'
        '--json[Print JSON\: {"ok"\: …, "checks"\: \[{"part", "ok", "detail", "advice"}\]}.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Save a new profile.'
            'list:List the saved profiles.'
            'show:Show one profile (in its TOML form).'
            'set:Change keys of a profile.'
            'rename:Rename a profile; its history follows it.'
            'rm:Remove profiles (their history stays until `history clear`).'
            'import:Import profiles from TOML files, or from ~/.ssh/config.'
            'export:Print a profile as TOML, for `profile import`.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|show|set|rename|rm|import|export)
            "_voicesh_profile_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_voicesh_profile_add() {
    local -i ret=1
    local -ar ___engine=('edge' 'stream' 'server')
    local -ar ___recognizer=('pocketsphinx' 'command')
    local -ar ___dialect=('openai' 'whisper.cpp' 'asr-webservice' 'transcribe')
    local -ar ___provider=('assemblyai' 'deepgram' 'generic')
    local -ar arg_specs=(
        ':name:'
        '--host[The server\: HOST, USER@HOST or USER@HOST\:PORT.]:destination:'
        '(-p --port)'{-p,--port}'[The SSH port (default 22).]:port:'
        '(-l --user)'{-l,--user}'[The remote user (default\: the local user).]:user:'
        '(-i --identity)'{-i,--identity}'[A private key file.]:identity:_files'
        '--known-hosts[A known_hosts file other than ~/.ssh/known_hosts.]:known-hosts:_files'
        '--engine[The speech engine'\''s kind.]:engine:{__voicesh_complete "${___engine[@]}"}'
        '--recognizer[The edge recogniser.]:recognizer:{__voicesh_complete "${___recognizer[@]}"}'
        '--command[The local recogniser command; {wav} stands for the recording.]:command:'
        '--dialect[The server engine'\''s dialect.]:dialect:{__voicesh_complete "${___dialect[@]}"}'
        '--provider[The stream engine'\''s provider.]:provider:{__voicesh_complete "${___provider[@]}"}'
        '--url[The server or stream URL.]:url:'
        '--model[The engine'\''s model.]:model:'
        '--api-key-env[The environment variable that holds the API key (never the key).]:api-key-env:'
        '--token-url[The token proxy URL for a stream engine.]:token-url:'
        '--replace[Overwrite a profile of the same name.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:{__voicesh_custom_complete ---completion profile show -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--effective[Show every key'\''s value in use and where it comes from.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_set() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:{__voicesh_custom_complete ---completion profile set -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '*:key=value:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_rename() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:{__voicesh_custom_complete ---completion profile rename -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        ':new-name:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_rm() {
    local -i ret=1
    local -ar arg_specs=(
        '*:names:{__voicesh_custom_complete ---completion profile rm -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_import() {
    local -i ret=1
    local -ar arg_specs=(
        '*:files:_files'
        '--ssh-config[Read OpenSSH client config files (default ~/.ssh/config).]'
        '--replace[Overwrite profiles of the same name.]'
        '--allow-command[Accept profiles that run a local recogniser command (recognizer = "command"); remembered on this machine.]'
        '--allow-key[Accept profiles that send a key from an environment variable (api_key_env) to their endpoint; remembered on this machine.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_profile_export() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:{__voicesh_custom_complete ---completion profile export -- positional@0 "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_config() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Print config.toml.'
            'set:Set keys of config.toml.'
            'unset:Remove a key from config.toml: profiles then use the built-in value.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|set|unset)
            "_voicesh_config_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_voicesh_config_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_config_set() {
    local -i ret=1
    local -ar arg_specs=(
        '*:key value:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_config_unset() {
    local -i ret=1
    local -ar arg_specs=(
        ':key:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List dictations, newest first (the default).'
            'show:Show one dictation.'
            'retry:Transcribe a kept recording again and print the text.'
            'play:Play a kept recording.'
            'export-audio:Write a kept recording to a WAV file.'
            'rm:Delete dictations (and their recordings).'
            'clear:Delete the whole history, or one profile'\''s.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|show|retry|play|export-audio|rm|clear)
            "_voicesh_history_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_voicesh_history_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--profile[Only this profile'\''s dictations.]:profile:{__voicesh_custom_complete ---completion history list -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--search[Words (or word prefixes) the raw or final text contains.]:search:'
        '--limit[At most this many rows.]:limit:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_show() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_retry() {
    local -i ret=1
    local -ar ___engine=('edge')
    local -ar arg_specs=(
        ':id:'
        '--profile[Use this profile'\''s engine instead.]:profile:{__voicesh_custom_complete ---completion history retry -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '--engine[Use the built-in offline engine (edge) instead.]:engine:{__voicesh_complete "${___engine[@]}"}'
        '--command[Run this local recogniser command instead ({wav} stands for the recording).]:command:'
        '--timeout[Seconds to wait for the text.]:timeout:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_play() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        '--device[The ALSA playback device.]:device:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_export-audio() {
    local -i ret=1
    local -ar arg_specs=(
        ':id:'
        ':output:_files -g '\''*.wav'\'''
        '--force[Overwrite the file if it exists.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_rm() {
    local -i ret=1
    local -ar arg_specs=(
        '*:ids:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_history_clear() {
    local -i ret=1
    local -ar arg_specs=(
        '--profile[Only this profile'\''s dictations.]:profile:{__voicesh_custom_complete ---completion history clear -- --profile "${current_word_index}" "$(__voicesh_cursor_index_in_current_word)"}'
        '(-y --yes)'{-y,--yes}'[Do not ask for confirmation.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_store() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'copy:Copy this machine'\''s profiles and history into a shared store, or back.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        copy)
            "_voicesh_store_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_voicesh_store_copy() {
    local -i ret=1
    local -ar arg_specs=(
        '--to[Copy the local store into the shared store at this postgresql\:// URL.]:to:'
        '--from[Copy the shared store at this postgresql\:// URL into the local store.]:from:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_voice() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_voicesh_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _voicesh ]]; then
    _voicesh "${@}"
else
    compdef _voicesh voicesh
fi
