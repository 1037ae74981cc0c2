# Generates the man page (arbiter.1) and the bash completion (arbiter.bash)
# from the command line's own help: `arbiter --help` and `arbiter SUB --help`
# for every subcommand it lists. Run at build time:
#   cmake -DARBITER=<path to arbiter> -DOUT_DIR=<dir> -DVERSION=<x.y.z> -P generate_cli_docs.cmake
execute_process(COMMAND ${ARBITER} --help OUTPUT_VARIABLE main_help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "arbiter --help failed (${status})")
endif()
# The subcommands: the lines of the "Subcommands:" section.
string(REGEX REPLACE ".*\nSubcommands:\n" "" section "${main_help}")
string(REGEX MATCHALL "\n?  [a-z][a-z-]*" names "\n${section}")
set(subcommands "")
foreach(n IN LISTS names)
  string(STRIP "${n}" n)
  list(APPEND subcommands "${n}")
endforeach()

# Roff: a backslash doubled, a line starting with . or ' protected.
function(roff_text text out)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" text "\n${text}")
  string(REGEX REPLACE "^\n" "" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REGEX REPLACE "Usage: [^ \n]*arbiter" "Usage: arbiter" main_help "${main_help}")
roff_text("${main_help}" main_roff)
set(man ".TH ARBITER 1 \"\" \"arbiter ${VERSION}\" \"User Commands\"\n")
string(APPEND man ".SH NAME\narbiter \\- protocol conformance and fuzz testing for turn-based AI contests\n")
string(APPEND man ".SH SYNOPSIS\n.B arbiter\n.I SUBCOMMAND\n[\\fIOPTIONS\\fR]\n")
string(APPEND man ".SH DESCRIPTION\n.nf\n${main_roff}\n.fi\n")
set(completion_cases "")
foreach(sub IN LISTS subcommands)
  execute_process(COMMAND ${ARBITER} ${sub} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "arbiter ${sub} --help failed (${status})")
  endif()
  string(REGEX REPLACE "Usage: [^ \n]*arbiter" "Usage: arbiter" help "${help}")
  roff_text("${help}" help_roff)
  string(APPEND man ".SH \"arbiter ${sub}\"\n.nf\n${help_roff}\n.fi\n")
  # Its options: every -x / --long at the start of an option line.
  string(REGEX MATCHALL "\n  -[^ \n]+" lines "\n${help}")
  set(options "")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    string(REPLACE "," ";" forms "${line}")
    foreach(form IN LISTS forms)
      if(form MATCHES "^-")
        string(REGEX REPLACE "{.*}$" "" form "${form}")  # "--no-shrink{false}"
        string(APPEND options " ${form}")
      endif()
    endforeach()
  endforeach()
  string(STRIP "${options}" options)
  string(APPEND completion_cases "    ${sub}) opts=\"${options}\" ;;\n")
endforeach()
string(APPEND man ".SH SEE ALSO\nThe rule registers and decisions: the spec documents installed with arbiter\n(share/doc/arbiter/spec), and \\fBarbiter spec\\fR.\n")
file(WRITE "${OUT_DIR}/arbiter.1" "${man}")

string(REPLACE ";" " " subcommand_words "${subcommands}")
file(WRITE "${OUT_DIR}/arbiter.bash" "# bash completion for arbiter, generated from its --help (do not edit).
_arbiter() {
  local cur=\"\${COMP_WORDS[COMP_CWORD]}\" sub=\"\" opts=\"\" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \"\${COMP_WORDS[i]}\" in
      --) return 0 ;;  # the bot's own command follows
      -*) ;;
      *) sub=\"\${COMP_WORDS[i]}\"; break ;;
    esac
  done
  if [[ -z \$sub ]]; then
    COMPREPLY=( \$(compgen -W \"${subcommand_words} --help --version\" -- \"\$cur\") )
    return 0
  fi
  case \"\$sub\" in
${completion_cases}  esac
  if [[ \$cur == -* ]]; then
    COMPREPLY=( \$(compgen -W \"\$opts\" -- \"\$cur\") )
  else
    COMPREPLY=( \$(compgen -f -- \"\$cur\") )
  fi
}
complete -F _arbiter arbiter
")
