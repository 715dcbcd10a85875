#!/bin/bash

__voicesh_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__voicesh_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__voicesh_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__voicesh_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_voicesh() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __voicesh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    connect|context|listen|transcribe|record|devices|adapt|intent|stats|doctor|profile|config|history|store|voice|help)
        # Offer subcommand argument completions
        "_voicesh_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'connect context listen transcribe record devices adapt intent stats doctor profile config history store voice help' -- "${cur}"))
        ;;
    esac
}

_voicesh_connect() {
    repeating_flags=()
    non_repeating_flags=(-A --version -h --help)
    repeating_options=(-o --audio-file)
    non_repeating_options=(-p -l -i --known-hosts --strict-host-key-checking --connect-timeout -F -J --keepalive --device --max-recording)
    __voicesh_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '-p')
        return
        ;;
    '-l')
        return
        ;;
    '-i')
        __voicesh_add_completions -f
        return
        ;;
    '--known-hosts')
        __voicesh_add_completions -f
        return
        ;;
    '--strict-host-key-checking')
        __voicesh_add_completions -W 'ask'$'\n''accept-new'$'\n''yes'
        return
        ;;
    '--connect-timeout')
        return
        ;;
    '-F')
        __voicesh_add_completions -f
        return
        ;;
    '-o')
        return
        ;;
    '-J')
        return
        ;;
    '--keepalive')
        return
        ;;
    '--audio-file')
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    '--device')
        return
        ;;
    '--max-recording')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion connect -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_context() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--directory --strict-host-key-checking --connect-timeout)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--directory')
        return
        ;;
    '--strict-host-key-checking')
        __voicesh_add_completions -W 'ask'$'\n''accept-new'$'\n''yes'
        return
        ;;
    '--connect-timeout')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion context -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_listen() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--audio-file)
    non_repeating_options=(--profile --seconds --device --max-recording)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion listen -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--seconds')
        return
        ;;
    '--audio-file')
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    '--device')
        return
        ;;
    '--max-recording')
        return
        ;;
    esac
}

_voicesh_transcribe() {
    repeating_flags=()
    non_repeating_flags=(--raw --json --partials --intent --version -h --help)
    repeating_options=()
    non_repeating_options=(--profile --command --timeout)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion transcribe -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--command')
        return
        ;;
    '--timeout')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    esac
}

_voicesh_record() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--audio-file)
    non_repeating_options=(--seconds --device --max-recording)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--seconds')
        return
        ;;
    '--audio-file')
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    '--device')
        return
        ;;
    '--max-recording')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    esac
}

_voicesh_devices() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0
}

_voicesh_adapt() {
    repeating_flags=()
    non_repeating_flags=(--forget --reset --status --version -h --help)
    repeating_options=(--from --audio-file)
    non_repeating_options=(--enroll --profile --device --max-recording)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--from')
        return
        ;;
    '--enroll')
        return
        ;;
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion adapt -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--audio-file')
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    '--device')
        return
        ;;
    '--max-recording')
        return
        ;;
    esac
}

_voicesh_intent() {
    repeating_flags=()
    non_repeating_flags=(--here --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--profile --candidates)
    __voicesh_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion intent -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--candidates')
        return
        ;;
    esac
}

_voicesh_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--profile)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion stats -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_doctor() {
    repeating_flags=()
    non_repeating_flags=(--connect --json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion doctor -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_profile() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|set|rename|rm|import|export)
        # Offer subcommand argument completions
        "_voicesh_profile_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show set rename rm import export' -- "${cur}"))
        ;;
    esac
}

_voicesh_profile_add() {
    repeating_flags=()
    non_repeating_flags=(--replace --version -h --help)
    repeating_options=()
    non_repeating_options=(--host -p --port -l --user -i --identity --known-hosts --engine --recognizer --command --dialect --provider --url --model --api-key-env --token-url)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '-p'|'--port')
        return
        ;;
    '-l'|'--user')
        return
        ;;
    '-i'|'--identity')
        __voicesh_add_completions -f
        return
        ;;
    '--known-hosts')
        __voicesh_add_completions -f
        return
        ;;
    '--engine')
        __voicesh_add_completions -W 'edge'$'\n''stream'$'\n''server'
        return
        ;;
    '--recognizer')
        __voicesh_add_completions -W 'pocketsphinx'$'\n''command'
        return
        ;;
    '--command')
        return
        ;;
    '--dialect')
        __voicesh_add_completions -W 'openai'$'\n''whisper.cpp'$'\n''asr-webservice'$'\n''transcribe'
        return
        ;;
    '--provider')
        __voicesh_add_completions -W 'assemblyai'$'\n''deepgram'$'\n''generic'
        return
        ;;
    '--url')
        return
        ;;
    '--model')
        return
        ;;
    '--api-key-env')
        return
        ;;
    '--token-url')
        return
        ;;
    esac
}

_voicesh_profile_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0
}

_voicesh_profile_show() {
    repeating_flags=()
    non_repeating_flags=(--effective --json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion profile show -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_profile_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion profile set -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_profile_rename() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion profile rename -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_profile_rm() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1

    # Offer positional completions
    case "${positional_number}" in
    *)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion profile rm -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_profile_import() {
    repeating_flags=()
    non_repeating_flags=(--ssh-config --replace --allow-command --allow-key --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1

    # Offer positional completions
    case "${positional_number}" in
    *)
        __voicesh_add_completions -f
        return
        ;;
    esac
}

_voicesh_profile_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion profile export -- positional@0 "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_config() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|set|unset)
        # Offer subcommand argument completions
        "_voicesh_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show set unset' -- "${cur}"))
        ;;
    esac
}

_voicesh_config_show() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0
}

_voicesh_config_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1
}

_voicesh_config_unset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 1
}

_voicesh_history() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|retry|play|export-audio|rm|clear)
        # Offer subcommand argument completions
        "_voicesh_history_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show retry play export-audio rm clear' -- "${cur}"))
        ;;
    esac
}

_voicesh_history_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--profile --search --limit)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion history list -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--search')
        return
        ;;
    '--limit')
        return
        ;;
    esac
}

_voicesh_history_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 1
}

_voicesh_history_retry() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--profile --engine --command --timeout)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion history retry -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    '--engine')
        __voicesh_add_completions -W 'edge'
        return
        ;;
    '--command')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_voicesh_history_play() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--device)
    __voicesh_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--device')
        return
        ;;
    esac
}

_voicesh_history_export-audio() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    2)
        __voicesh_add_completions -o plusdirs -fX '!*.@(wav)'
        return
        ;;
    esac
}

_voicesh_history_rm() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1
}

_voicesh_history_clear() {
    repeating_flags=()
    non_repeating_flags=(-y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--profile)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--profile')
        __voicesh_add_completions -W "$(__voicesh_custom_complete ---completion history clear -- --profile "${COMP_CWORD}" "$(__voicesh_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_voicesh_store() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    copy)
        # Offer subcommand argument completions
        "_voicesh_store_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'copy' -- "${cur}"))
        ;;
    esac
}

_voicesh_store_copy() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--to --from)
    __voicesh_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--to')
        return
        ;;
    '--from')
        return
        ;;
    esac
}

_voicesh_voice() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options 0
}

_voicesh_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __voicesh_offer_flags_options -1
}

complete -o filenames -F _voicesh voicesh
