// The secrets of accounts, all by libsodium (docs/design.md says why): passwords hashed with
// Argon2id, session tokens drawn from the system's random source and stored only as a hash.
#pragma once

#include <cstddef>
#include <string>

namespace evo::app {

// The Argon2id work per hash. The server uses libsodium's "interactive" limits; tests may
// use the smallest ones so that a test of many logins stays quick.
struct PasswordCost {
    unsigned long long operations;
    std::size_t memory_bytes;
};
PasswordCost interactive_password_cost();
PasswordCost minimal_password_cost();

// Initialises libsodium (once; later calls do nothing); throws if it cannot.
void init_account_crypto();

// The password's Argon2id hash in libsodium's self-describing text form (salt included).
std::string hash_password(const std::string& password, const PasswordCost& cost);
// Whether `password` is the one `hash` was made from (the cost is read from the hash).
bool password_matches(const std::string& password, const std::string& hash);

// The hashing of passwords as the accounts use it, apart so that the server can run it on
// threads of its own (AccountService) and a test can hold it.
class PasswordHasher {
  public:
    virtual ~PasswordHasher() = default;
    virtual std::string hash(const std::string& password) = 0;
    virtual bool matches(const std::string& password, const std::string& hash) = 0;
};

// Argon2id at the given cost (hash_password, password_matches).
class Argon2idHasher : public PasswordHasher {
  public:
    explicit Argon2idHasher(PasswordCost cost) : cost_(cost) {}
    std::string hash(const std::string& password) override {
        return hash_password(password, cost_);
    }
    bool matches(const std::string& password, const std::string& hash) override {
        return password_matches(password, hash);
    }

  private:
    PasswordCost cost_;
};

// `bytes` random bytes as lower-case hex.
std::string random_hex(std::size_t bytes);
// A new session or visitor token: 32 random bytes, as 64 hex digits.
std::string new_secret_token();
// What the database keeps of a token: its BLAKE2b-256 hash, in hex. The token is random and
// long, so a fast hash suffices; someone who reads the database cannot log in with it.
std::string token_digest(const std::string& token);

} // namespace evo::app
