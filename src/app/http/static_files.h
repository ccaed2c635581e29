// The built browser UI (web/dist), read once into memory and served by path. Only files
// under the directory can be named: no "..", no escapes, no links out of it.
#pragma once

#include "message.h"

#include <map>
#include <optional>
#include <string>

namespace evo::app {

class StaticFiles {
  public:
    // Reads every regular file under `directory` (nothing when it is empty or missing).
    explicit StaticFiles(const std::string& directory);
    bool empty() const { return files_.empty(); }
    // The file at a request path ("/" is index.html), or none.
    std::optional<HttpResponse> find(const std::string& path) const;

  private:
    std::map<std::string, HttpResponse> files_;
};

} // namespace evo::app
