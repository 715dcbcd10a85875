# voicesh: what the remote shell knows, for the speech engine (README "Context from the
# remote shell"). Read by `sh -s` on an exec channel of the session voicesh already has.
# POSIX sh (bash, zsh, dash, busybox ash); reads nothing but names; writes nothing.
# voicesh puts two lines before this one:
#   VOICESH_DIR=...      the directory the shell reported (OSC 7), or empty
#   VOICESH_PARTS=...    what to gather: "path history dir options" at first, "history dir" on
#                        a refresh
# Output: a header line, then sections "@name arg", each data line starting with a space.
# The whole script is one compound command, so sh reads all of it before running any of it
# and nothing inside can read the script as its input.
{
# zsh as sh: split words and match globs as POSIX says.
[ -n "${ZSH_VERSION:-}" ] && emulate sh
LC_ALL=C
export LC_ALL
GIT_OPTIONAL_LOCKS=0
export GIT_OPTIONAL_LOCKS
echo "voicesh-context 1"

# The session shell's directory. The shell that runs this script descends from the sshd
# process serving the connection; the interactive shell is that process's child with a
# controlling terminal. Its /proc/PID/cwd follows every cd, so it comes first; the shell's own
# OSC 7 report (VOICESH_DIR) is for systems without /proc, and can be stale (a shell that
# reported once, a program that reported for itself).
here=$(pwd)
source=
if [ -r "/proc/$$/stat" ]; then
    pid=$$
    server=
    steps=0
    while [ "$pid" -gt 1 ] && [ $steps -lt 16 ]; do
        comm=
        read -r comm < "/proc/$pid/comm" 2>/dev/null
        case $comm in sshd*) server=$pid; break ;; esac
        stat=
        read -r stat < "/proc/$pid/stat" 2>/dev/null || break
        set -- ${stat##*) }
        pid=$2
        steps=$((steps + 1))
    done
    if [ -n "$server" ]; then
        children=
        read -r children < "/proc/$server/task/$server/children" 2>/dev/null
        if [ -z "$children" ]; then
            for entry in /proc/[0-9]*; do
                stat=
                read -r stat < "$entry/stat" 2>/dev/null || continue
                set -- ${stat##*) }
                [ "$2" = "$server" ] && children="$children ${entry#/proc/}"
            done
        fi
        for child in $children; do
            stat=
            read -r stat < "/proc/$child/stat" 2>/dev/null || continue
            set -- ${stat##*) }
            # Field 7 of stat (5 after the name): the controlling terminal, 0 for none.
            if [ "$5" != 0 ] && cd "/proc/$child/cwd" 2>/dev/null && cd "$(pwd -P)" 2>/dev/null; then
                source=proc
                break
            fi
        done
    fi
fi
if [ -z "$source" ] && [ -n "$VOICESH_DIR" ] && cd "$VOICESH_DIR" 2>/dev/null; then
    source=osc7
fi
[ -n "$source" ] || source=home
echo "@cwd $source"
echo " $(pwd -P)"

case " $VOICESH_PARTS " in *" path "*)
    echo "@path"
    IFS=:
    for dir in $PATH; do
        [ -d "$dir" ] && ls -1 "$dir" 2>/dev/null | head -n 3000
    done | head -n 4000 | sed 's/^/ /'
    unset IFS
;; esac

case " $VOICESH_PARTS " in *" history "*)
    home=${HOME:-~}
    [ -r "$home/.bash_history" ] && { echo "@history bash"; tail -n 1000 "$home/.bash_history" | sed 's/^/ /'; }
    for file in "${ZDOTDIR:-$home}/.zsh_history" "$home/.zhistory"; do
        [ -r "$file" ] && { echo "@history zsh"; tail -n 1000 "$file" | sed 's/^/ /'; break; }
    done
    file="${XDG_DATA_HOME:-$home/.local/share}/fish/fish_history"
    [ -r "$file" ] && { echo "@history fish"; tail -n 2000 "$file" | grep '^- cmd: ' | tail -n 1000 | sed 's/^/ /'; }
    [ -r "$home/.ash_history" ] && { echo "@history bash"; tail -n 1000 "$home/.ash_history" | sed 's/^/ /'; }
;; esac

case " $VOICESH_PARTS " in *" dir "*)
    echo "@entries"
    # ls sorts; head stops reading after the cap, so a huge directory costs one listing.
    ls -1Ap 2>/dev/null | head -n 501 | sed 's/^/ /'
    echo "@inside"
    # One level down, the first 300 names in the folders that are not hidden, in the order the
    # file system gives them: what a request names with its folder ("the changelog in docs").
    # One find, stopped by head: a listing per folder cost 10 times this script's own time.
    find . -mindepth 2 -maxdepth 2 ! -path './.*' 2>/dev/null | head -n 300 | sed 's|^[.]/| |'
    if ! command -v git >/dev/null 2>&1; then
        :
    elif [ "$(git rev-parse --is-inside-work-tree 2>/dev/null)" != true ]; then
        echo "@git no"
    else
        echo "@git yes"
        echo "@branches"
        git for-each-ref --count=200 --format='%(refname:short)' refs/heads refs/remotes 2>/dev/null | sed 's/^/ /'
        echo "@remotes"
        git remote 2>/dev/null | head -n 50 | sed 's/^/ /'
        echo "@changed"
        git status --porcelain 2>/dev/null | head -n 200 | sed 's/^/ /'
    fi
;; esac
case " $VOICESH_PARTS " in *" options "*)
    # What common tools take, in their own words, so a written command's options can be
    # checked (ToolOptions.asked: tools that print help and do nothing else when asked); only
    # the lines that list options, 300 a tool.
    for tool in sort cut tar grep head tail wc ls du df uniq xargs sed cp mv rm mkdir chmod chown ln touch date \
        stat tr diff comm split gzip xz zip unzip curl ss jq nl paste join tee base64 sha256sum md5sum file rsync; do
        command -v "$tool" >/dev/null 2>&1 || continue
        echo "@options $tool"
        "$tool" --help 2>&1 </dev/null | head -n 300
    done | grep -E '^@options |^ {0,12}-' | cut -c1-160 | sed '/^@/!s/^/ /'
;; esac
echo "@end"
cd "$here" 2>/dev/null
} </dev/null 2>/dev/null
