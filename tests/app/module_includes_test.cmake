# The include check of the app's modules (tools/check_app_modules.cmake) on the real tree and
# on small trees that break each rule once: the real one passes, each broken one fails and
# names its file.
cmake_minimum_required(VERSION 3.20)
foreach(var APP_DIR RULES CHECK_SCRIPT WORK_DIR)
    if(NOT ${var})
        message(FATAL_ERROR "module_includes_test.cmake needs -D${var}=...")
    endif()
endforeach()

function(run_check dir out_result out_output)
    execute_process(COMMAND ${CMAKE_COMMAND} "-DAPP_DIR=${dir}" "-DRULES=${RULES}"
                            -P ${CHECK_SCRIPT}
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    set(${out_result} ${result} PARENT_SCOPE)
    set(${out_output} "${output}" PARENT_SCOPE)
endfunction()

run_check(${APP_DIR} result output)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "src/app breaks the module rules:\n${output}")
endif()

# file -> the text it holds; each tree is one good file and one that breaks a rule.
set(cases
    "game/moves.cpp|#include \"app/http/event_text.h\"|game may not use http"
    "lobby/seeks.cpp|#include \"app/storage/sqlite/seek_repository.h\"|lobby may not use storage"
    "storage/sqlite/games.cpp|#include \"app/http/json_fields.h\"|storage may not use http"
    "record/view.cpp|#include \"engine/engine.h\"|which is not beside it"
    "chat/room.cpp|#include \"../game/service.h\"|write app/MODULE"
    "loose.cpp|#include \"core/game.h\"|directly in src/app")
set(index 0)
foreach(case ${cases})
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 file)
    list(GET parts 1 text)
    list(GET parts 2 expected)
    math(EXPR index "${index} + 1")
    set(tree ${WORK_DIR}/case${index})
    file(REMOVE_RECURSE ${tree})
    file(WRITE ${tree}/common/clock.h "#pragma once\n#include \"core/types.h\"\n")
    file(WRITE ${tree}/${file} "${text}\n")
    run_check(${tree} result output)
    if(result EQUAL 0)
        message(FATAL_ERROR "case ${index}: ${file} with `${text}` passed the check")
    endif()
    string(FIND "${output}" "${file}" named)
    string(FIND "${output}" "${expected}" said)
    if(named EQUAL -1 OR said EQUAL -1)
        message(FATAL_ERROR "case ${index}: the failure does not say `${file}` and `${expected}`:\n${output}")
    endif()
endforeach()
message(STATUS "module includes: the tree passes, ${index} broken trees fail as they should")
