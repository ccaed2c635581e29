# The include check of the app's modules (src/app/CMakeLists.txt, docs/design.md "The app as
# modules"): every #include "..." of a file in src/app/MODULE/ must name
#   - a header of MODULE itself (by a bare name, which the compiler finds beside the file),
#   - app/OTHER/... where OTHER is a module MODULE uses, or
#   - a layer below the app: core/ anywhere, variants/ (the INI reader and variant files, on
#     the core alone) in the tournaments module, whose schedule file is INI, engine/ in the
#     analysis module alone.
# Anything else (another module, a relative path, a file directly in src/app) fails, naming
# the file and the include.
#   cmake -DAPP_DIR=src/app "-DRULES=;common:;accounts:common;..." -P check_app_modules.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT APP_DIR OR NOT RULES)
    message(FATAL_ERROR "check_app_modules.cmake needs -DAPP_DIR=... and -DRULES=...")
endif()

set(modules "")
foreach(rule ${RULES})
    string(FIND "${rule}" ":" colon)
    string(SUBSTRING "${rule}" 0 ${colon} module)
    math(EXPR after "${colon} + 1")
    string(SUBSTRING "${rule}" ${after} -1 uses)
    string(REPLACE "," ";" uses "${uses}")
    list(APPEND modules ${module})
    set(uses_of_${module} ${uses})
endforeach()

set(failures "")
file(GLOB_RECURSE files RELATIVE ${APP_DIR} ${APP_DIR}/*.h ${APP_DIR}/*.cpp)
foreach(file ${files})
    string(FIND "${file}" "/" slash)
    if(slash EQUAL -1)
        list(APPEND failures "${file}: a source directly in src/app (it belongs in a module)")
        continue()
    endif()
    string(SUBSTRING "${file}" 0 ${slash} module)
    if(NOT module IN_LIST modules)
        list(APPEND failures "${file}: the folder ${module} is no module of src/app/CMakeLists.txt")
        continue()
    endif()
    get_filename_component(folder "${file}" DIRECTORY)
    file(STRINGS ${APP_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line ${lines})
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" included "${line}")
        if(included MATCHES "^app/([^/]+)/")
            set(other ${CMAKE_MATCH_1})
            if(other STREQUAL module OR other IN_LIST uses_of_${module})
                continue()
            endif()
            list(APPEND failures "${file}: includes ${included}, but ${module} may not use ${other}")
        elseif(included MATCHES "^core/")
            continue()
        elseif(included MATCHES "^variants/" AND module STREQUAL "tournaments")
            continue()
        elseif(included MATCHES "^engine/" AND module STREQUAL "analysis")
            continue()
        elseif(NOT included MATCHES "/" OR included MATCHES "^[a-z_]+/[a-z_0-9]+\\.h$")
            # Beside the file (storage/sqlite/x.cpp may include "x.h" or, from storage/, a
            # subfolder's "sqlite/x.h").
            if(EXISTS ${APP_DIR}/${folder}/${included})
                continue()
            endif()
            list(APPEND failures "${file}: includes ${included}, which is not beside it")
        else()
            list(APPEND failures "${file}: includes ${included} (write app/MODULE/... or a layer below)")
        endif()
    endforeach()
endforeach()

if(failures)
    list(JOIN failures "\n  " text)
    message(FATAL_ERROR "The app's modules include what they may not use:\n  ${text}")
endif()
